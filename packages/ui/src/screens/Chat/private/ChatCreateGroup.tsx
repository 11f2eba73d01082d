import { CreateGroupForm } from '../../../components/CreateGroupForm/CreateGroupForm';
import { Modal } from '../../../components/Modal/Modal';
import { UI_STRINGS } from '../../../strings';
import type { CreateGroupState } from './useCreateGroup';

/** The create-group modal (spec §2); the form mounts only while open, so it starts empty each time. */
export function ChatCreateGroup({ group }: { group: CreateGroupState }) {
  const { connections } = group;
  return (
    <Modal open={group.isOpen} onClose={group.close} title={UI_STRINGS.createGroup.title}>
      {group.isOpen ? (
        <CreateGroupForm
          connections={connections.items}
          loading={connections.loading}
          loadError={connections.error}
          onSearch={(query) => connections.restart(query)}
          onCreate={group.create}
        />
      ) : null}
    </Modal>
  );
}
