import { pack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { decodedKeyCount, jsonDuplicate, jsonKeyCount, msgpackDuplicate } from './duplicate-keys.js';

describe('duplicate keys', () => {
  it('counts the keys a JSON text writes, whatever its strings hold', () => {
    for (const text of ['{}', '[]', '"a"', '{"a":1}', '{"a":"b\\":"}', '{"a\\\\":"\\\\","b" :  [":", {"c":"d"}]}', '[{"x":{"y":{}}}, "k", ":"]', ' { "a" :\n1 } ']) {
      expect(jsonKeyCount(text), text).toBe(decodedKeyCount(JSON.parse(text)));
    }
  });

  it('names the first duplicate of a JSON text by path', () => {
    expect(jsonDuplicate('{"a":1,"a":2}').field).toBe('a');
    expect(jsonDuplicate('{"a":[1,{"b":"\\"b\\"","b":2}]}').field).toBe('a[1].b');
    expect(jsonDuplicate('[{"a":1},{"x":{},"y":{"z":1,"z":2}}]').field).toBe('body[1].y.z');
  });

  it('names the first duplicate of a MessagePack body by path', () => {
    const map = (pairs: Array<[unknown, unknown]>) => Buffer.concat([Buffer.from([0x80 | pairs.length]), ...pairs.flatMap(([k, v]) => [pack(k), Buffer.isBuffer(v) ? v : pack(v)])]);
    expect(msgpackDuplicate(map([['a', 1], ['a', 2]])).field).toBe('a');
    expect(msgpackDuplicate(map([['a', [1, 'x']], ['b', map([['c', { d: 1 }], [5, 1], ['5', 2]])]])).field).toBe('b.5');
    const array = Buffer.concat([Buffer.from([0x92]), pack({ q: 1 }), map([['k', [1, 2]], ['k', 3]])]);
    expect(msgpackDuplicate(array).field).toBe('body[1].k');
  });
});
