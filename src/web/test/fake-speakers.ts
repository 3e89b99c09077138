/**
 * Gives jsdom's media elements the browser's speaker choice (`setSinkId`), recording each id
 * asked for; `restore` takes it away again.
 */
export function fakeSpeakerChoice() {
  const sinks: string[] = [];
  Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
    configurable: true,
    writable: true,
    value: (id: string) => {
      sinks.push(id);
      return Promise.resolve();
    },
  });
  return {
    sinks,
    restore: () => Reflect.deleteProperty(HTMLMediaElement.prototype, 'setSinkId'),
  };
}
