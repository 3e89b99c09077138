import { statusCatalogue } from '../../../../shared/statuses';

/** The avatar colour of a status (spec §3; the theme defines slate, purple and brown); unknown: gray. */
export function statusColour(status: string) {
  return (
    (statusCatalogue as Record<string, { colour: string } | undefined>)[status]?.colour ?? 'gray'
  );
}

/** 'inbound' → 'Inbound', 'missed' → 'Missed'. */
export function capitalise(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
