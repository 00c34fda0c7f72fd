import { describe, expect, it, vi } from 'vitest';
import { createChunkReloader } from './chunk-reload';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('createChunkReloader', () => {
  it('reloads once when a chunk fails, and keeps the promise pending meanwhile', async () => {
    const reload = vi.fn();
    const reloader = createChunkReloader({ version: 'v1', storage: memoryStorage(), reload });
    const settled = vi.fn();
    void reloader
      .load(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))
      .then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
  });

  it('does not reload again from the same version (the reload did not help): the error shows', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    createChunkReloader({ version: 'v1', storage, reload }).tryReload();
    // The page came back with the same version tag.
    const again = createChunkReloader({ version: 'v1', storage, reload });
    await expect(again.load(() => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again after a later deployment changed the version', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    createChunkReloader({ version: 'v1', storage, reload }).tryReload();
    expect(createChunkReloader({ version: 'v2', storage, reload }).tryReload()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('passes a successful import through', async () => {
    const reload = vi.fn();
    const reloader = createChunkReloader({ version: 'v1', storage: memoryStorage(), reload });
    await expect(reloader.load(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
    expect(reload).not.toHaveBeenCalled();
  });
});
