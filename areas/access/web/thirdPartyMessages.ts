// Texts of the third-party sign-in and binding screens (docs/third-party-logins.md), both languages.
import { addMessages } from '@seamline/web/engine';

export const thirdPartyEn: Record<string, string> = {
  'third.name.dingtalk': 'DingTalk',
  'third.name.wecom': 'WeCom',
  'third.name.wx': 'WeChat',
  'third.signInWith': 'Sign in with {provider}',
  'third.signingIn': 'Signing you in with {provider}…',
  'third.or': 'or use your Seamline account',
  'third.notStartedHere': 'This sign-in link has expired or was not started here; please start again',
  'third.linked': '{provider} is linked to your account',
  'third.unlinked': '{provider} is no longer linked',
  'third.cardTitle': 'Linked sign-ins',
  'third.cardIntro': 'Link a DingTalk, WeCom or WeChat account to sign in with it. Only you can link or unlink your own account.',
  'third.link': 'Link',
  'third.unlink': 'Unlink',
  'third.unlinkConfirm': 'Unlink {provider}? You will then sign in with your Seamline password.',
  'third.statusLinked': 'Linked',
  'third.statusNotLinked': 'Not linked',
  'third.statusNotConfigured': 'Not configured for your company',
  'third.finishing': 'Linking {provider}…',
  'third.backToProfile': 'Back to my profile',
};

export const thirdPartyZh: Record<string, string> = {
  'third.name.dingtalk': '钉钉',
  'third.name.wecom': '企业微信',
  'third.name.wx': '微信',
  'third.signInWith': '使用{provider}登录',
  'third.signingIn': '正在通过{provider}登录…',
  'third.or': '或使用 Seamline 账号登录',
  'third.notStartedHere': '登录链接已过期或并非从本站发起，请重新开始',
  'third.linked': '已绑定{provider}',
  'third.unlinked': '已解除{provider}绑定',
  'third.cardTitle': '第三方登录绑定',
  'third.cardIntro': '绑定钉钉、企业微信或微信账号后即可用其登录。只有您本人可以绑定或解绑自己的账号。',
  'third.link': '绑定',
  'third.unlink': '解绑',
  'third.unlinkConfirm': '确定解除{provider}绑定？之后请使用 Seamline 密码登录。',
  'third.statusLinked': '已绑定',
  'third.statusNotLinked': '未绑定',
  'third.statusNotConfigured': '贵公司未配置',
  'third.finishing': '正在绑定{provider}…',
  'third.backToProfile': '返回个人信息',
};

addMessages(thirdPartyEn, thirdPartyZh);
