// A person's avatar: a stored image address that fails to load (gone, blocked) falls back to the
// default image instead of an empty circle.
import { useEffect, useState } from 'react';
import { Avatar, type AvatarProps } from 'antd';
import { avatarUrl, DEFAULT_AVATAR } from '@seamline/core';

export function UserAvatar({ avatar, ...rest }: { avatar: unknown } & Omit<AvatarProps, 'src' | 'onError'>) {
  const url = avatarUrl(avatar);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => setFailed(null), [url]);
  return (
    <Avatar
      {...rest}
      src={failed === url ? DEFAULT_AVATAR : url}
      onError={() => {
        setFailed(url);
        return false; // antd's own fallback would show an empty circle
      }}
    />
  );
}
