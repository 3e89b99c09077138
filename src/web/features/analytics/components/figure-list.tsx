import type { ReactNode } from 'react';
import classes from './analytics.module.css';

export interface Figure {
  label: string;
  value: ReactNode;
}

/** Named figures as a description list: each value is read with its label. */
export function FigureList({ figures }: { figures: Figure[] }) {
  return (
    <dl className={classes.figures}>
      {figures.map((figure) => (
        <div key={figure.label} className={classes.figure}>
          <dt className={classes.figureLabel}>{figure.label}</dt>
          <dd className={classes.figureValue}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
