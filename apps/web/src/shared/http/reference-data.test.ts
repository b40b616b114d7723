import { describe, expect, it } from 'vitest';
import { readReference, referenceKey, writeReference } from './reference-data';

/** A Storage of a Map, as the browser's session storage behaves. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe('reference data in session storage (spec §3, issue 24 item 16)', () => {
  it('keeps a value per name and language and reads it back', () => {
    const storage = memoryStorage();
    const key = referenceKey('dictionary.sys_timezone', 'pt-BR');
    expect(key).toBe('ems.ref.dictionary.sys_timezone.pt-BR');
    expect(readReference(storage, key)).toBeUndefined();
    writeReference(storage, key, [{ dictValue: 'America/Sao_Paulo' }]);
    expect(readReference(storage, key)).toEqual([{ dictValue: 'America/Sao_Paulo' }]);
  });

  it('treats a damaged entry as nothing, and a refused write as no cache', () => {
    const storage = memoryStorage();
    storage.map.set('ems.ref.area.en-US', '{oops');
    expect(readReference(storage, 'ems.ref.area.en-US')).toBeUndefined();
    const full = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(() => writeReference(full, 'ems.ref.area.en-US', [1])).not.toThrow();
  });
});
