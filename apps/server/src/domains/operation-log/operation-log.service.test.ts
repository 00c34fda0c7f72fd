import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { type Actor, recordOperation } from './operation-log.service';

describe('recordOperation', () => {
  it('takes only declared actions with their detail shape (the typecheck fails otherwise)', () => {
    // Never run: these lines are checked by the typecheck, each `@ts-expect-error` must stay an error.
    const calls = (db: Database, actor: Actor) => [
      // @ts-expect-error an action the catalogue does not declare
      recordOperation(db, { action: 'drop_tables', actor }),
      // @ts-expect-error a detail of another shape than the action's
      recordOperation(db, { action: 'folder_create', actor, detail: { title: '画册' } }),
      // @ts-expect-error the detail an action needs, left out
      recordOperation(db, { action: 'file_upload', actor }),
      recordOperation(db, { action: 'folder_create', actor, detail: { name: '画册' } }),
      recordOperation(db, { action: 'sign_in', actor }),
    ];
    expect(calls).toBeTypeOf('function');
  });
});
