// /sys/index/join-request: a company administrator approves or rejects requests to join the company.
import { useTranslation } from 'react-i18next';
import { signupPaths } from '../paths';
import { ConfirmApprove, RequestList } from './RequestList';
import { Only } from './Only';

function JoinRequestsPageScreen() {
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

export default function JoinRequestsPage() {
  return (
    <Only who="companyAdmin">
      <JoinRequestsPageScreen />
    </Only>
  );
}
