// The master-detail variant of a definition's records (DefinitionRecords draws list + editor): the
// definition's rows on the left, searched on the server, one chosen at a time; on the right what
// the screen shows of the chosen row (data authorization: a member's rules, their effect, 'view
// as'). The row reads as its display field unless the screen says more; Enter chooses it too.
import { useState, type ReactNode } from 'react';
import { Col, Empty, Input, List, Row, Typography } from 'antd';
import type { EntityDef } from '@seamline/core';
import { RecordPage, type RecordRow } from './RecordList';

export interface DefinitionMasterDetailProps<T extends RecordRow> {
  def: EntityDef;
  /** The page's name for assistive technology and its test id. */
  title: string;
  testId: string;
  /** The master list's title and its rows' test ids (`<key>-<display>`). */
  masterTitle: string;
  testKey: string;
  rows: T[];
  loading: boolean;
  /** A search over the rows (on the server): its placeholder and the change. */
  search?: { placeholder: string; onSearch: (text: string) => void };
  /** How a row reads in the list; absent, its display field. */
  item?: (row: T) => ReactNode;
  /** Shown on the right while nothing is chosen. */
  pick: string;
  /** What the screen shows of the chosen row (drawn afresh for each row). */
  detail: (row: T) => ReactNode;
}

export function DefinitionMasterDetail<T extends RecordRow>({ def, title, testId, masterTitle, testKey, rows, loading, search, item, pick, detail }: DefinitionMasterDetailProps<T>) {
  const [chosen, setChosen] = useState<T | null>(null);
  return (
    <RecordPage title={title} testId={testId}>
      <Row gutter={12}>
        <Col xs={24} md={7}>
          <Typography.Title level={5}>{masterTitle}</Typography.Title>
          {search && <Input.Search allowClear placeholder={search.placeholder} aria-label={search.placeholder} onSearch={search.onSearch} style={{ marginBottom: 8 }} />}
          <List
            size="small"
            bordered
            loading={loading}
            dataSource={rows}
            style={{ maxHeight: 560, overflow: 'auto' }}
            renderItem={(row) => (
              <List.Item
                tabIndex={0}
                role="button"
                data-testid={`${testKey}-${row[def.display]}`}
                onClick={() => setChosen(row)}
                onKeyDown={(e) => e.key === 'Enter' && setChosen(row)}
                style={{ cursor: 'pointer', background: chosen?.id === row.id ? 'rgba(22,119,255,0.08)' : undefined }}
              >
                {item ? item(row) : String(row[def.display] ?? '')}
              </List.Item>
            )}
          />
        </Col>
        <Col xs={24} md={17}>{chosen ? <div key={chosen.id}>{detail(chosen)}</div> : <Empty description={pick} />}</Col>
      </Row>
    </RecordPage>
  );
}
