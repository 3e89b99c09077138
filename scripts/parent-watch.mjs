/**
 * Calls `onGone` once this process's parent has gone. npm runs a script through a shell
 * (sh -c) that dies of the SIGTERM npm passes on instead of passing it further: the script,
 * left running without its parent, has to stop what it started itself.
 */
export function onParentGone(onGone) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    onGone();
  }, 500).unref();
}
