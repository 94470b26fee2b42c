/**
 * A service made later in the wiring (server/services.ts and its wiring files), asked for only
 * when called: for modules that need each other.
 */
export function late<T>(name: string) {
  let value: T | undefined;
  return {
    set: (made: T) => {
      value = made;
    },
    get: (): T => {
      if (!value) throw new Error(`the ${name} service is not wired yet`);
      return value;
    },
  };
}
