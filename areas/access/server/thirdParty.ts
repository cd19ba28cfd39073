// Third-party sign-in and binding (spec §7): DingTalk, WeCom (enterprise WeChat) and other
// identity providers. None is connected on this platform yet — there are no app keys and no
// network route to their servers — so every call answers a clear, translated 400 'not
// configured' naming the provider, and the screens say so instead of pretending.
import { BizError, type Api } from '@seamline/server/api';

const notConfigured = (provider: string) => new BizError('access.thirdPartyNotConfigured', { provider });

export function thirdPartyRoutes(api: Api): void {
  // DingTalk: the welcome page asks for the prepared login (its app id and redirect), then posts the code.
  api.get('utilsapi/dingtalk/prepared-login', { auth: false }, () => {
    throw notConfigured('DingTalk');
  });
  api.post('utilsapi/access/dd-login', { auth: false }, () => {
    throw notConfigured('DingTalk');
  });
  // Other providers' callback (/login/third/{type}?code=…): the caller's params are passed on.
  api.get('utilsapi/access/qw3rd-login', { auth: false }, ({ query }) => {
    throw notConfigured(typeof query.type === 'string' && query.type ? query.type : 'WeCom');
  });
  // WeCom binding of a signed-in account, on the third-party service prefix.
  api.post('thirdpartyapi/qywx-basic/binding-qywx', { auth: true, guest: true }, () => {
    throw notConfigured('WeCom');
  });
}
