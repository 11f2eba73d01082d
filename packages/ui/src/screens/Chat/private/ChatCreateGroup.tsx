import { Suspense } from 'react';
import { Modal } from '../../../components/Modal/Modal';
import { UI_STRINGS } from '../../../strings';
import { LazyCreateGroupForm } from './lazyChatPanels';
import type { CreateGroupState } from './useCreateGroup';

/**
 * The create-group modal (spec §2); the form mounts only while open, so it starts empty each time.
 * Its code loads the first time it opens (issue 24); the dialog's first focus is its close button
 * either way.
 */
export function ChatCreateGroup({ group }: { group: CreateGroupState }) {
  const { connections } = group;
  return (
    <Modal open={group.isOpen} onClose={group.close} title={UI_STRINGS.createGroup.title}>
      {group.isOpen ? (
        <Suspense fallback={null}>
          <LazyCreateGroupForm
            connections={connections.items}
            loading={connections.loading}
            loadError={connections.error}
            onSearch={(query) => connections.restart(query)}
            onCreate={group.create}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}
