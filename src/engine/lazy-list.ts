/**
 * @module An array whose items are decoded on first access and kept. It behaves as a plain
 * readonly array for every reader (index access, length, `in`, iteration, array methods, JSON), so
 * the engine indexes it like any other; a reader that walks all of it simply decodes all of it.
 */

/** Canonical array index ("0", "17"; not "01", "1.0", "-1") below `count`, else -1. */
function indexOf(key: string, count: number): number {
  const code = key.charCodeAt(0);
  if (!(code >= 48 && code <= 57)) return -1;
  const i = Number(key);
  return Number.isInteger(i) && i < count && String(i) === key ? i : -1;
}

export function lazyArray<T>(count: number, decode: (index: number) => T): T[] {
  const decoded: T[] = new Array<T>(count);
  const at = (i: number): T => {
    let item = decoded[i];
    if (item === undefined) {
      item = decode(i);
      decoded[i] = item;
    }
    return item;
  };
  const readOnly = (): never => {
    throw new TypeError('the list entries are read-only');
  };
  return new Proxy(decoded, {
    get(target, key, receiver) {
      if (typeof key === 'string') {
        const i = indexOf(key, count);
        if (i !== -1) return at(i);
      }
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return (typeof key === 'string' && indexOf(key, count) !== -1) || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === 'string') {
        const i = indexOf(key, count);
        if (i !== -1) return { value: at(i), writable: true, enumerable: true, configurable: true };
      }
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      return [...Array.from({ length: count }, (_, i) => String(i)), ...Reflect.ownKeys(target).filter((k) => typeof k !== 'string' || indexOf(k, count) === -1)];
    },
    set: readOnly,
    deleteProperty: readOnly,
    defineProperty: readOnly,
  });
}
