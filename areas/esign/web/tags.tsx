// The state of a request and whether a signature still matches its document, as tags.
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EsignRow, EsignStatus } from '../meta';

const COLOURS: Record<EsignStatus, string> = { PENDING: 'processing', SIGNED: 'success', EXPIRED: 'default' };

export function StatusTag({ status }: { status: EsignStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`esign.status.${status}`)}</Tag>;
}

/** `checking`: the document changed since the answer shown (a save on this page): no verdict yet. */
export function MatchTag({ row, checking = false }: { row: Pick<EsignRow, 'matches' | 'doc_hash'>; checking?: boolean }) {
  const { t } = useTranslation();
  if (row.matches === null) return null;
  if (checking)
    return (
      <Tag color="default" data-testid="esign-match" data-checking="true">
        {t('esign.checking')}
      </Tag>
    );
  return (
    <Tooltip title={row.doc_hash}>
      <Tag color={row.matches ? 'green' : 'red'} data-testid="esign-match">
        {t(row.matches ? 'esign.matches' : 'esign.noLongerMatches')}
      </Tag>
    </Tooltip>
  );
}
