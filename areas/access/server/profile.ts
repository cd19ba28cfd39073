// The signed-in user's own profile (/page/userinfo): names, contact, avatar and language. The
// email is where reset links go, so changing it needs the current password (`password`): a
// borrowed session must not turn into the account (docs/security.md 'Accounts and identities').
import { R, S, appUser, eq, membershipChanged, type Api } from '@seamline/server/api';
import { now } from './clock';
import { FieldChecker, fieldsOf } from './input';
import { checkCurrentPassword } from './passwords';

const GENDERS = ['M', 'F', ''];

export function profileRoutes(api: Api): void {
  api.post('utilsapi/access/save-profile', { schema: R.post('Save my profile', { fullname: S.string(), firstname: S.string(), lastname: S.string(), email: S.string(), mobile: S.string(), phone: S.string(), gender: S.enum(['M', 'F']), title: S.string(), language: S.string(), avatar: S.string(), password: S.string('Needed when the e-mail changes') }), auth: true, guest: true }, async ({ db, session, body, lang, ip }) => {
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
    const [stored] = await db.asSystem((tx) => tx.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, session.userId)));
    if ((stored?.email ?? '').toLowerCase() !== f.value('email').toLowerCase()) {
      if (!f.value('password')) f.failKey('password', 'access.passwordForEmail').done();
      await checkCurrentPassword(db, session, f, 'password', ip, now());
    }
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
    // The language travels with every live session of the user (cached per node): re-read it everywhere.
    if (language) await membershipChanged({ userIds: [session.userId] });
    return saved;
  });

  api.get('utilsapi/access/profile', { schema: R.get('My profile'), auth: true }, async ({ db, session }) => {
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
