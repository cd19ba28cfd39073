// The pick list of an entity in a modal: what a reference field opens (FORM-21). Choosing a row
// (its Choose button, Enter or a double click) hands it to the caller and closes.
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListQuery, Row } from '../data/source';
import { EntityList } from '../list/EntityList';
import { useListState } from '../list/useListState';
import type { EntityEntry } from '../registry';

export interface PickModalProps {
  entry: EntityEntry;
  title: string;
  /** Conditions every page of the list keeps (a reference's ref.filter). */
  fixedQ?: ListQuery;
  onChoose: (row: Row) => void;
  onClose: () => void;
}

export default function PickModal({ entry, title, fixedQ, onChoose, onClose }: PickModalProps) {
  const { t } = useTranslation();
  const state = useListState(entry.def, { fixedQ });
  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={1000} destroyOnHidden cancelText={t('engine.cancel')}>
      <div data-testid={`pick-modal-${entry.def.name}`}>
        <EntityList entry={entry} state={state} mode="pick" onChoose={onChoose} title={<span />} />
      </div>
    </Modal>
  );
}
