/**
 * The builtins whose own properties a polyfilling module may replace. globalThis is left out: Node defines some of
 * its globals as lazy getters that become values when first read, which is not a replacement.
 */
function builtins(): object[] {
  const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
  return [
    JSON,
    Math,
    Reflect,
    Object,
    Object.prototype,
    Function.prototype,
    Array,
    Array.prototype,
    String,
    String.prototype,
    Number,
    Number.prototype,
    Promise,
    Promise.prototype,
    Map,
    Map.prototype,
    Set,
    Set.prototype,
    WeakMap.prototype,
    RegExp.prototype,
    ArrayBuffer,
    ArrayBuffer.prototype,
    Uint8Array,
    typedArrayPrototype,
    Error,
  ];
}

type Snapshot = Map<object, Map<PropertyKey, PropertyDescriptor>>;

function snapshot(objects: object[]): Snapshot {
  return new Map(
    objects.map((object) => [
      object,
      new Map(Reflect.ownKeys(object).map((key) => [key, Object.getOwnPropertyDescriptor(object, key) ?? {}])),
    ]),
  );
}

const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;

/**
 * Imports a module that polyfills builtins, and puts back every builtin it replaced; what it adds stays.
 *
 * pdf.js's legacy build (the one for Node) bundles core-js, which on Node 20 replaces JSON.stringify, JSON.parse and
 * Array.prototype.push with JavaScript versions for spec corners nothing here uses. In that process every reply,
 * log line and push then costs more (JSON.stringify 5× and push 7× slower, measured on these machines). What it
 * adds (Promise.withResolvers, Uint8Array.prototype.toHex, Map.prototype.getOrInsert, ...) pdf.js itself needs.
 */
export async function importKeepingBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const before = snapshot(builtins());
  try {
    return await load();
  } finally {
    for (const [object, descriptors] of before) {
      for (const [key, descriptor] of descriptors) {
        const now = Object.getOwnPropertyDescriptor(object, key);
        if (now && !sameDescriptor(now, descriptor)) Object.defineProperty(object, key, descriptor);
      }
    }
  }
}
