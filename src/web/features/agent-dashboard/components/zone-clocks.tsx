import { Paper, Text } from '@mantine/core';
import { useId } from 'react';
import { clockZones, formatClock } from '../../../../shared/time-format';
import { type ServerClock, useServerNow } from '../hooks/use-server-now';
import classes from './grids.module.css';

/** Spec §2: Eastern, Central, Mountain and Pacific time, ticking every second (server time). */
export function ZoneClocks({ clock }: { clock: ServerClock }) {
  const now = new Date(useServerNow(clock));
  return (
    <div className={classes.zoneClocks}>
      {clockZones.map((zone) => (
        <ZoneClock key={zone.name} name={zone.name} {...formatClock(now, zone.timeZone)} />
      ))}
    </div>
  );
}

function ZoneClock({ name, time, date }: { name: string; time: string; date: string }) {
  const nameId = useId();
  return (
    <Paper role="group" aria-labelledby={nameId} withBorder radius="md" p="sm">
      <Text id={nameId} size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
        {name}
      </Text>
      <Text fz="lg" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {time}
      </Text>
      <Text size="sm" c="dimmed">
        {date}
      </Text>
    </Paper>
  );
}
