// The signed-in user's own profile (/page/userinfo): names, contact, avatar and language.
import { appUser, eq, type Api } from '@seamline/server/api';
import { FieldChecker, fieldsOf } from './input';

const GENDERS = ['M', 'F', ''];

export function profileRoutes(api: Api): void {
  api.post('utilsapi/access/save-profile', { auth: true }, async ({ db, session, body, lang }) => {
    const f = new FieldChecker(fieldsOf(body), lang)
      .check('fullname', ['required'])
      .check('email', [{ type: 'required', key: 'auth.emailRequired' }, 'email'])
      .check('mobile', ['mobile']);
    if (!GENDERS.includes(f.value('gender'))) f.failKey('gender', 'access.badChoice');
    const language = f.value('language');
    if (language && language !== 'en' && language !== 'zh') f.failKey('language', 'access.badChoice');
    // An uploaded image (/files/…) or an http(s) link; anything else would show the default image anyway.
    const avatar = f.value('avatar');
    if (avatar && !/^(https?:\/\/|\/files\/)/i.test(avatar)) f.failKey('avatar', 'access.avatarInvalid');
    for (const field of ['fullname', 'firstname', 'lastname', 'title', 'phone', 'mobile', 'email'])
      if (f.value(field).length > 200) f.failKey(field, 'access.tooLong');
    f.done();
    const set = {
      fullName: f.value('fullname'),
      firstName: f.value('firstname') || null,
      lastName: f.value('lastname') || null,
      email: f.value('email'),
      mobile: f.value('mobile') || null,
      phone: f.value('phone') || null,
      gender: f.value('gender') || null,
      title: f.value('title') || null,
      avatar: avatar || null,
      ...(language ? { languageCode: language } : {}),
      updatedBy: session.userId,
      updatedAt: new Date(),
    };
    const [saved] = await db.asSystem((tx) =>
      tx.update(appUser).set(set).where(eq(appUser.id, session.userId)).returning({
        fullname: appUser.fullName, firstname: appUser.firstName, lastname: appUser.lastName, email: appUser.email, mobile: appUser.mobile,
        phone: appUser.phone, gender: appUser.gender, title: appUser.title, avatar: appUser.avatar, language: appUser.languageCode,
      }),
    );
    return saved;
  });

  api.get('utilsapi/access/profile', { auth: true }, async ({ db, session }) => {
    const [row] = await db.asSystem((tx) =>
      tx
        .select({
          fullname: appUser.fullName, firstname: appUser.firstName, lastname: appUser.lastName, email: appUser.email, mobile: appUser.mobile,
          phone: appUser.phone, gender: appUser.gender, title: appUser.title, avatar: appUser.avatar, language: appUser.languageCode,
        })
        .from(appUser)
        .where(eq(appUser.id, session.userId)),
    );
    return row;
  });
}
