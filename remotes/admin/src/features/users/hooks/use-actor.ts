import { useMemo } from 'react';
import type { User } from '@vitrine/contracts';
import { useAuth } from '@vitrine/core';
import { heldAccesses, type Actor } from '../users-view';

/** Nobody signed in (never on this guarded page): no rights at all. */
const NOBODY: Actor = { id: 0, type: 'operational', held: new Set() };

/** The signed-in user (from the one auth store) and what the users screen's rules see of them. */
export function useActor(): { me: User | null; actor: Actor } {
  const me = useAuth((state) => state.authUser);
  const roles = useAuth((state) => state.roles);
  const actor = useMemo<Actor>(() => (me ? { id: me.id, type: me.type, held: heldAccesses(me, roles) } : NOBODY), [me, roles]);
  return { me, actor };
}
