// The account lifecycle's endpoints (docs/accounts.md), in one place.
const ACCESS = 'utilsapi/access';
const SIGNUP = 'utilsapi/signup';

export const signupPaths = {
  company: `${SIGNUP}/company`,
  join: `${SIGNUP}/join`,
  companies: `${SIGNUP}/companies`,
  companyRequests: `${SIGNUP}/company-requests`,
  approveCompany: `${SIGNUP}/approve-company`,
  rejectCompany: `${SIGNUP}/reject-company`,
  joinRequests: `${SIGNUP}/join-requests`,
  approveJoin: `${SIGNUP}/approve-join`,
  rejectJoin: `${SIGNUP}/reject-join`,
  invitation: `${SIGNUP}/invitation`,
  acceptInvitation: `${SIGNUP}/accept-invitation`,
};

export const accessPaths = {
  resetCheck: `${ACCESS}/reset-password-check`,
  resetPassword: `${ACCESS}/reset-password`,
  changePassword: `${ACCESS}/change-password`,
  saveProfile: `${ACCESS}/save-profile`,
  profile: `${ACCESS}/profile`,
  invite: `${ACCESS}/invite`,
  invitations: `${ACCESS}/invitations`,
  ddPreparedLogin: 'utilsapi/dingtalk/prepared-login',
  ddLogin: `${ACCESS}/dd-login`,
  qw3rdLogin: `${ACCESS}/qw3rd-login`,
  bindQywx: 'thirdpartyapi/qywx-basic/binding-qywx',
};

export const platformPaths = {
  licenceList: 'utilsapi/licence-type/list',
  licenceSave: 'utilsapi/licence-type/save',
  licenceDelete: 'utilsapi/licence-type/delete',
  outbox: 'utilsapi/mail-outbox/page-list',
};
