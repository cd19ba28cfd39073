// The account parts of /page/userinfo: the own profile (names, contact, language) with the avatar
// (200 x 200, spec §9; the default image when empty or not an http link), and the password change
// (current + new + repeat; 'password changed successfully' or 'password change failed', spec §8).
import { useEffect, useState } from 'react';
import { Avatar, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { avatarUrl, type ValidationRule } from '@seamline/core';
import {
  ApiError, FieldErrorsError, api, toastError, toastSuccess, SpecForm, applyServerErrors, ruleFromSpec, setLang, useLang, loadUserState,
  storedToken, useSessionUser, checkImageFile, type UploadRules, fileSrc, uploadImages,
} from '@seamline/web/engine';
import { EmailField, NewPasswordFields } from './AccountFields';
import { accessPaths } from './paths';

/** Spec §9: avatars are 200 x 200 (the server's `profile=avatar` rule checks the same). */
export const AVATAR_RULES: UploadRules = {
  max_bytes: 2 * 1024 * 1024,
  formats: ['png', 'jpeg', 'webp', 'gif'],
  extensions: ['.png', '.jpg', '.jpeg', '.webp', '.gif'],
  width: 200,
  height: 200,
  exact: true,
  max_files: 1,
};

const R = (type: ValidationRule['type']): ValidationRule => ({ type });

/** An uploaded file of our own server needs the token to load in an <img>. */
export function avatarSrc(avatar: unknown): string {
  const url = avatarUrl(avatar);
  return url.startsWith(`${window.location.origin}/files/`) ? fileSrc(url, storedToken()) : url;
}

function AvatarField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    const refusal = await checkImageFile(file, AVATAR_RULES);
    if (refusal) return toastError(t(refusal.key, refusal.params));
    setBusy(true);
    try {
      const [result] = await uploadImages([file], { profile: 'avatar' });
      // Stored as an absolute link: only http(s) avatars are shown (spec §3), anything else is the default image.
      if (result?.ok && result.url) onChange?.(new URL(result.url, window.location.origin).href);
      else toastError(result?.message ?? t('common.uploadFailed'));
    } catch {
      // the upload call has already said 'Upload failed'
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="center" size={16}>
      <Avatar size={80} src={avatarSrc(value)} alt="" data-testid="profile-avatar" />
      <Space direction="vertical" size={4}>
        <Space>
          <Upload
            accept={AVATAR_RULES.extensions.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="profile-avatar-upload">
              {t('profile.avatarUpload')}
            </Button>
          </Upload>
          {value ? <Button onClick={() => onChange?.('')}>{t('profile.avatarRemove')}</Button> : null}
        </Space>
        <Typography.Text type="secondary" data-testid="profile-avatar-hint">
          {t('profile.avatarHint')}
        </Typography.Text>
      </Space>
    </Space>
  );
}

interface Profile {
  fullname: string;
  /** The current password, sent only with a changed email. */
  password?: string;
  firstname?: string;
  lastname?: string;
  email: string;
  mobile?: string;
  phone?: string;
  gender?: string;
  title?: string;
  avatar?: string;
  language?: string;
}

export function ProfileCard() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) return null;
  const initial: Profile = {
    fullname: user.fullname ?? '',
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    email: user.email ?? '',
    mobile: (user as { mobile?: string }).mobile ?? undefined,
    avatar: user.avatar ?? '',
    language: user.language === 'en' ? 'en' : 'zh',
  };
  return (
    <Card title={t('profile.title')} data-testid="profile-card">
      <ProfileForm initial={initial} />
    </Card>
  );
}

function ProfileForm({ initial }: { initial: Profile }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Profile>();
  // The email is where reset links go: changing it asks for the current password (the server insists).
  const [savedEmail, setSavedEmail] = useState(initial.email);
  const email = Form.useWatch('email', form) ?? initial.email;
  const emailChanged = (email ?? '').trim().toLowerCase() !== (savedEmail ?? '').trim().toLowerCase();
  // The session user lacks some profile fields (phone, gender, title): read them once.
  useEffect(() => {
    api
      .get<Profile>(accessPaths.profile, undefined, { notify: false })
      .then((p) => {
        form.setFieldsValue({ ...p, language: p.language === 'en' ? 'en' : 'zh' } as Profile);
        setSavedEmail(p.email ?? '');
      })
      .catch(() => undefined);
  }, [form]);
  return (
    <SpecForm<Profile>
      form={form}
      initialValues={initial}
      onSubmit={async (values) => {
        await api.post(accessPaths.saveProfile, { ...values });
        setSavedEmail(values.email);
        form.setFieldValue('password', undefined);
        await loadUserState({ notify: false });
        if (values.language === 'en' || values.language === 'zh') setLang(values.language);
        toastSuccess(t('profile.saved'));
      }}
    >
      <Form.Item name="avatar" label={t('profile.avatar')}>
        <AvatarField />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="fullname" label={t('account.fullname')} rules={[ruleFromSpec(R('required'), lang)]}>
            <Input data-testid="profile-fullname" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('profile.jobTitle')}>
            <Input data-testid="profile-title" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="firstname" label={t('profile.firstname')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lastname" label={t('profile.lastname')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <EmailField testId="profile-email" />
        </Col>
        {emailChanged && (
          <Col xs={24} md={12}>
            <Form.Item name="password" label={t('profile.emailPassword')} rules={[ruleFromSpec(R('required'), lang)]}>
              <Input.Password autoComplete="current-password" data-testid="profile-email-password" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="mobile" label={t('account.mobile')} rules={[ruleFromSpec(R('mobile'), lang)]}>
            <Input data-testid="profile-mobile" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('profile.phone')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('profile.gender')}>
            <Radio.Group options={[{ value: 'M', label: t('profile.gender.M') }, { value: 'F', label: t('profile.gender.F') }]} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="language" label={t('profile.language')}>
            <Select data-testid="profile-language" options={[{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }]} />
          </Form.Item>
        </Col>
      </Row>
      <SpecForm.Submit data-testid="profile-save">{t('common.save')}</SpecForm.Submit>
    </SpecForm>
  );
}

export function PasswordCard() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm();
  return (
    <Card title={t('profile.password')} data-testid="password-card">
      <Typography.Paragraph type="secondary">{t('profile.passwordNote')}</Typography.Paragraph>
      <SpecForm
        form={form}
        onSubmit={async (values) => {
          try {
            await api.post(accessPaths.changePassword, values, { notify: false });
          } catch (err) {
            if (err instanceof FieldErrorsError) applyServerErrors(form, err.errors, i18n.language);
            // The server's reason in words (never a bare code like 'ERROR'), after the language's colon.
            const reason = err instanceof ApiError && !(err instanceof FieldErrorsError) ? err.message : '';
            const detail = reason && !/^[A-Z0-9_]+$/.test(reason) ? `${lang === 'zh' ? '：' : ': '}${reason}` : '';
            toastError(`${t('common.passwordChangeFailed')}${detail}`);
            return;
          }
          form.resetFields();
          toastSuccess(t('common.passwordChangeSuccess'));
        }}
      >
        <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={[ruleFromSpec(R('required'), lang)]}>
          <Input.Password autoComplete="current-password" data-testid="pwd-old" />
        </Form.Item>
        <NewPasswordFields testIdPrefix="pwd" />
        <SpecForm.Submit data-testid="pwd-submit">{t('profile.passwordSubmit')}</SpecForm.Submit>
      </SpecForm>
    </Card>
  );
}
