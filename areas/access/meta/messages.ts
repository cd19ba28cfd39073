// Texts of the access area (sign-in, sessions) beyond core's 'auth.*' catalogue.
export const accessMessages = {
  en: {
    'access.loginDataInvalid': 'The sign-in data could not be read, please reload the page and try again',
    'access.noCompany': 'This account does not belong to any company yet',
    'access.notMember': 'You are not a member of this company',
  },
  zh: {
    'access.loginDataInvalid': '无法读取登录数据，请刷新页面后重试',
    'access.noCompany': '该账号尚未加入任何企业',
    'access.notMember': '您不是该企业的成员',
  },
};
