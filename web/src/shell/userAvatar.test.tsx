// The header avatar falls back to the default image when the stored one fails to load.
import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { DEFAULT_AVATAR } from '@seamline/core';
import { UserAvatar } from './UserAvatar';

describe('UserAvatar', () => {
  it('shows the stored image, then the default image once it fails to load', () => {
    const { container } = render(<UserAvatar avatar="https://files.example/gone.png" alt="" />);
    const img = () => container.querySelector('img')!;
    expect(img().getAttribute('src')).toBe('https://files.example/gone.png');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe(DEFAULT_AVATAR);
  });
});
