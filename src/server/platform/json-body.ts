import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * How deep and how big a JSON body may be. Every request body is a flat object of a few
 * fields: the limits leave it room to grow while keeping small what the server walks after
 * parsing (the unstorable-text check, zod), a cost that grows with every value however few
 * bytes each takes (`[0,0,…]`, `[[[…]]]`).
 */
export const MAX_JSON_DEPTH = 16;
/** Array elements and object members, counted over the whole body. */
export const MAX_JSON_ITEMS = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/** What opens, closes or separates JSON values, and what opens a string (the rest is skipped). */
const STRUCTURAL = /["[\]{},]/g;

/** Where the string opening at `start` closes: the next quote not escaped; -1 if none. */
function endOfString(text: string, start: number) {
  for (let end = text.indexOf('"', start + 1); end !== -1; end = text.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
  return -1;
}

const BLANKS = /[ \t\n\r]*/y;

/** Whether the container opening at `start` is empty: its next non-blank character closes it. */
function isEmptyContainer(text: string, start: number) {
  BLANKS.lastIndex = start + 1;
  BLANKS.exec(text);
  const next = text.charCodeAt(BLANKS.lastIndex);
  return next === CLOSE_BRACKET || next === CLOSE_BRACE;
}

/**
 * Why the JSON text `text` is too deep or too big to parse, if it is: one pass over its
 * structural characters, jumping over strings, that stops at the first limit crossed.
 * Malformed text passes, for the parser to refuse.
 */
export function jsonShapeProblem(text: string): string | undefined {
  let depth = 0;
  let items = 0;
  STRUCTURAL.lastIndex = 0;
  for (let found = STRUCTURAL.exec(text); found; found = STRUCTURAL.exec(text)) {
    const at = found.index;
    const char = text.charCodeAt(at);
    if (char === QUOTE) {
      const end = endOfString(text, at);
      if (end === -1) return undefined;
      STRUCTURAL.lastIndex = end + 1;
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth++;
      if (depth > MAX_JSON_DEPTH) {
        return `The request body nests more than ${MAX_JSON_DEPTH} levels deep`;
      }
      // A container's first item; each later one follows a comma.
      if (!isEmptyContainer(text, at)) items++;
    } else if (char === COMMA) {
      items++;
    } else {
      depth--;
    }
    if (items > MAX_JSON_ITEMS) {
      return `The request body holds more than ${MAX_JSON_ITEMS} items`;
    }
  }
  return undefined;
}

/**
 * JSON bodies are parsed as Fastify parses them (prototype poisoning refused), once their
 * shape is within the limits above; a body past them is refused with 400 unparsed.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    const problem = jsonShapeProblem(text);
    if (problem) {
      done(new AppError('BODY_TOO_COMPLEX', { message: problem }), undefined);
      return;
    }
    // Fastify's parser answers through `done`, synchronously.
    void parseJson(request, text, done);
  });
}
