// /page/pick/{opt} and /superdemopage/pick/{opt}: the pick list of an entity as a page. The
// chosen record goes back to the caller (a window that opened this page, or a route that came
// here with state.returnTo); opened directly, the page shows what was chosen.
import { useState } from 'react';
import { Button, Card, Result } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import { useLang } from '../../i18n';
import type { TemplateProps } from '../../router/templates';
import type { Row } from '../data/source';
import { EntityList } from '../list/EntityList';
import { useListState } from '../list/useListState';
import { postPick, type PickReturnState } from '../pick/pickBridge';
import type { EntityEntry } from '../registry';
import { routeEntity } from './routeEntity';
import { NoEntity } from './states';

export default function PickScreen(props: TemplateProps) {
  const entry = routeEntity({ opt: props.opt });
  if (!entry) return <NoEntity opt={props.opt} />;
  return <PickPage entry={entry} />;
}

function PickPage({ entry }: { entry: EntityEntry }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = useListState(entry.def);
  const [chosen, setChosen] = useState<Row | null>(null);
  const back = (location.state as PickReturnState | null) ?? {};
  const field = params.get('field') ?? back.field ?? undefined;
  const entity = entry.def.name;

  const choose = (row: Row) => {
    if (postPick(params.get('channel'), entity, row, field)) return;
    if (back.returnTo) {
      navigate(back.returnTo, { state: { picked: { entity, field, row } } });
      return;
    }
    setChosen(row);
  };

  const name = pickLabel(entry.def.label, lang);
  return (
    <Card className="sl-list-card" data-testid="pick-screen">
      {chosen && (
        <Result
          status="success"
          data-testid="pick-result"
          title={t('engine.pick.chosen', { name: String(chosen[entry.def.display] ?? chosen.id) })}
          extra={<Button onClick={() => setChosen(null)}>{t('engine.pick.again')}</Button>}
        />
      )}
      <EntityList entry={entry} state={state} mode="pick" onChoose={choose} title={<span>{t('engine.pick.title', { entity: name })}</span>} />
    </Card>
  );
}
