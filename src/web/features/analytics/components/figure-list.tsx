import type { ReactNode } from 'react';
import classes from './analytics.module.css';
import { formatCount } from '../../../lib/format-number';

export interface Figure {
  label: string;
  /** A count ('30,532' on screen), or the figure as it reads (a duration, a percentage). */
  value: number | ReactNode;
}

/** Named figures as a description list: each value is read with its label. */
export function FigureList({ figures }: { figures: Figure[] }) {
  return (
    <dl className={classes.figures}>
      {figures.map((figure) => (
        <div key={figure.label} className={classes.figure}>
          <dt className={classes.figureLabel}>{figure.label}</dt>
          <dd className={classes.figureValue}>
            {typeof figure.value === 'number' ? formatCount(figure.value) : figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
