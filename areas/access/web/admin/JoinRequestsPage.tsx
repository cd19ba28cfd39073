// /sys/index/join-request: a company administrator approves or rejects requests to join the company.
import { useTranslation } from 'react-i18next';
import { signupPaths } from '../paths';
import { ConfirmApprove, RequestList } from './RequestList';

export default function JoinRequestsPage() {
  const { t } = useTranslation();
  return (
    <RequestList
      title={t('members.joinRequests')}
      listPath={signupPaths.joinRequests}
      rejectPath={signupPaths.rejectJoin}
      extraColumns={[]}
      approve={(row, done) => <ConfirmApprove row={row} path={signupPaths.approveJoin} done={done} />}
    />
  );
}
