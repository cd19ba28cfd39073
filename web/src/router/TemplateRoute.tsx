// One element for every generic route: picks the registered screen for (kind, cata, opt) or shows
// the honest 'no such page yet' state that names the template, cata and opt.
import { Suspense } from 'react';
import { Button, Result, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpin } from '../components/PageSpin';
import { ReadOnlyContext } from './readOnly';
import { resolveTemplate, type TemplateKind } from './templates';
import './defaultTemplates';

export interface TemplateRouteProps {
  kind: TemplateKind;
  readOnly?: boolean;
}

export function TemplateRoute({ kind, readOnly = false }: TemplateRouteProps) {
  const { cata, opt } = useParams();
  const Screen = resolveTemplate(kind, cata, opt);
  return (
    <ReadOnlyContext.Provider value={readOnly}>
      {Screen ? (
        <Suspense fallback={<PageSpin />}>
          <Screen kind={kind} cata={cata} opt={opt} readOnly={readOnly} />
        </Suspense>
      ) : (
        <NoSuchPage kind={kind} cata={cata} opt={opt} readOnly={readOnly} />
      )}
    </ReadOnlyContext.Provider>
  );
}

function NoSuchPage({ kind, cata, opt, readOnly }: { kind: TemplateKind; cata?: string; opt?: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="template-pending" data-template={kind}>
      <Result
        status="info"
        title={t('template.pendingTitle')}
        subTitle={
          <div>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('template.pendingText', { template: t(`template.kind.${kind}`) })}
            </Typography.Paragraph>
            <Typography.Text type="secondary" data-testid="template-params">
              {t('template.name')}: <Typography.Text code>{kind}</Typography.Text>
              {cata !== undefined && (
                <>
                  {' · cata: '}
                  <Typography.Text code data-testid="template-cata">{cata}</Typography.Text>
                </>
              )}
              {opt !== undefined && (
                <>
                  {' · opt: '}
                  <Typography.Text code data-testid="template-opt">{opt}</Typography.Text>
                </>
              )}
              {readOnly && <> · {t('template.readOnly')}</>}
            </Typography.Text>
          </div>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/workspace/home')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}

export default TemplateRoute;
