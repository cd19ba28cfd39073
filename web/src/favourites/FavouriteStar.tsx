import type { MouseEvent } from 'react';
import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface FavouriteStarProps {
  on: boolean;
  loading?: boolean;
  onToggle: () => void;
  testId: string;
  /** Inside a menu item the star is mouse-only; the workbench offers the keyboard path. */
  tabbable?: boolean;
}

export function FavouriteStar({ on, loading, onToggle, testId, tabbable = true }: FavouriteStarProps) {
  const { t } = useTranslation();
  const label = t(on ? 'fav.remove' : 'fav.add');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        data-testid={testId}
        aria-label={label}
        aria-pressed={on}
        tabIndex={tabbable ? 0 : -1}
        loading={loading}
        icon={on ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={(e: MouseEvent) => {
          // Inside a link or a menu item: toggle only, do not navigate.
          e.preventDefault();
          e.stopPropagation();
          onToggle();
        }}
      />
    </Tooltip>
  );
}
