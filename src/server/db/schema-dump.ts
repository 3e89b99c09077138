import { type Kysely, sql } from 'kysely';

/** `rows`' `value`s by their `key`, in the rows' order. */
function grouped<K extends string, V extends string>(
  rows: Record<K | V, string>[],
  key: K,
  value: V,
) {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const group = groups.get(row[key]) ?? [];
    group.push(row[value]);
    groups.set(row[key], group);
  }
  return groups;
}

/**
 * The schema as the catalogue has it — tables with their columns, constraints, indexes,
 * sequences, types, functions and triggers of the current schema — as SQL text in a stable
 * order (by name), for src/server/db/schema.sql (`npm run db:schema`) and the tests comparing
 * a database with it. The catalogue's own rendering, so equal text means equal objects.
 */
export async function dumpSchema(db: Kysely<unknown>) {
  const sections: string[] = [];
  const rows = async <R>(query: ReturnType<typeof sql<R>>) => (await query.execute(db)).rows;

  const columns = await rows<{ table_name: string; definition: string }>(sql`
    SELECT c.relname AS table_name, format('  %I %s%s%s', a.attname,
        format_type(a.atttypid, a.atttypmod),
        CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END,
        coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')) AS definition
    FROM pg_class AS c
    JOIN pg_attribute AS a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef AS d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
    ORDER BY c.relname, a.attnum`);
  for (const [table, definitions] of grouped(columns, 'table_name', 'definition')) {
    sections.push(`CREATE TABLE ${table} (\n${definitions.join(',\n')}\n);`);
  }

  const constraints = await rows<{ definition: string }>(sql`
    SELECT format('ALTER TABLE %s ADD CONSTRAINT %I %s;', c.conrelid::regclass, c.conname,
        pg_get_constraintdef(c.oid)) AS definition
    FROM pg_constraint AS c
    WHERE c.connamespace = current_schema()::regnamespace AND c.contype IN ('p', 'u', 'f', 'c', 'x')
    ORDER BY c.conrelid::regclass::text, c.conname`);
  sections.push(constraints.map((row) => row.definition).join('\n'));

  // Indexes a constraint makes are the constraint's.
  const indexes = await rows<{ definition: string }>(sql`
    SELECT pg_get_indexdef(i.indexrelid) || ';' AS definition
    FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid
    WHERE c.relnamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_constraint AS k WHERE k.conindid = i.indexrelid)
    ORDER BY c.relname`);
  sections.push(indexes.map((row) => row.definition).join('\n'));

  const sequences = await rows<{ definition: string }>(sql`
    SELECT format('CREATE SEQUENCE %I AS %s START %s MINVALUE %s MAXVALUE %s INCREMENT %s;',
        c.relname, format_type(s.seqtypid, NULL), s.seqstart, s.seqmin, s.seqmax,
        s.seqincrement) AS definition
    FROM pg_sequence AS s JOIN pg_class AS c ON c.oid = s.seqrelid
    WHERE c.relnamespace = current_schema()::regnamespace
    ORDER BY c.relname`);
  sections.push(sequences.map((row) => row.definition).join('\n'));

  const types = await rows<{ type_name: string; attribute: string }>(sql`
    SELECT t.typname AS type_name,
      format('  %I %s', a.attname, format_type(a.atttypid, a.atttypmod)) AS attribute
    FROM pg_type AS t
    JOIN pg_class AS c ON c.oid = t.typrelid AND c.relkind = 'c'
    JOIN pg_attribute AS a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE t.typnamespace = current_schema()::regnamespace
    ORDER BY t.typname, a.attnum`);
  for (const [type, attributes] of grouped(types, 'type_name', 'attribute')) {
    sections.push(`CREATE TYPE ${type} AS (\n${attributes.join(',\n')}\n);`);
  }

  const functions = await rows<{ definition: string }>(sql`
    SELECT pg_get_functiondef(p.oid) AS definition FROM pg_proc AS p
    WHERE p.pronamespace = current_schema()::regnamespace
    ORDER BY p.oid::regprocedure::text`);
  sections.push(...functions.map((row) => `${row.definition.trimEnd()};`));

  const triggers = await rows<{ definition: string }>(sql`
    SELECT pg_get_triggerdef(t.oid) || ';' AS definition
    FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
    ORDER BY c.relname, t.tgname`);
  sections.push(triggers.map((row) => row.definition).join('\n'));

  return `${sections.filter(Boolean).join('\n\n')}\n`;
}

/** Every object of the schema by kind and name, for comparing across PostgreSQL versions. */
export async function schemaObjectNames(db: Kysely<unknown>) {
  const result = await sql<{ name: string }>`
    SELECT kind || ' ' || name AS name FROM (
      SELECT CASE c.relkind WHEN 'r' THEN 'table' WHEN 'i' THEN 'index' WHEN 'S' THEN 'sequence'
          WHEN 'c' THEN 'type' ELSE 'relation ' || c.relkind::text END AS kind,
        c.relname::text AS name
      FROM pg_class AS c WHERE c.relnamespace = current_schema()::regnamespace
      UNION ALL
      SELECT 'column', c.relname || '.' || a.attname
      FROM pg_class AS c
      JOIN pg_attribute AS a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'c')
      UNION ALL
      SELECT 'constraint', c.conrelid::regclass::text || '.' || c.conname
      FROM pg_constraint AS c
      WHERE c.connamespace = current_schema()::regnamespace AND c.contype IN ('p', 'u', 'f', 'c', 'x')
      UNION ALL
      SELECT 'function', p.oid::regprocedure::text
      FROM pg_proc AS p WHERE p.pronamespace = current_schema()::regnamespace
      UNION ALL
      SELECT 'trigger', c.relname || '.' || t.tgname
      FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
    ) AS objects ORDER BY 1`.execute(db);
  return result.rows.map((row) => row.name);
}
