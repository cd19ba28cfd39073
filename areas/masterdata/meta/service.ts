// Services registry (spec §3): the callable services of the platform by module, function area,
// subarea and field, with HTTP method, version, URL and a JSON config (e.g. the out-API config
// API_ID / SEND_METHOD / MSG_DISPLAY).
import { defineEntity, entityHead, type FieldOption, type Label } from '@seamline/core';
import { L, descriptionField, nameField, textField, MD_HEAD } from './fields';
import { mdLabel } from './messages';

export const HTTP_TYPE_OPTIONS: FieldOption[] = [
  { value: 'GET', label: L('GET', 'GET'), color: 'green' },
  { value: 'POST', label: L('POST', 'POST'), color: 'blue' },
  { value: 'PUT', label: L('PUT', 'PUT'), color: 'orange' },
  { value: 'DELETE', label: L('DELETE', 'DELETE'), color: 'red' },
];

/** A path on this platform ('/mdapi/vendor', or as the spec writes it, 'scmapi/x') or an absolute http(s) URL (CFG-17). */
export const SERVICE_URL_PATTERN = '^(https?://\\S+|/?[A-Za-z0-9_.~-]+(/\\S*)?|/)$';

const upperCode = (name: string, label: Label, required = false) =>
  textField(name, label, { required, maxLength: 50, upperCase: true, validators: [{ type: 'capitalEnglish' }] });

export const serviceEntity = defineEntity({
  ...entityHead(MD_HEAD, 'service', 'md_service', L('Service', '服务')),
  // Configuration: a member without its menu reads nothing of it (CFG-28).
  readNeedsMenu: true,
  display: 'title',
  fields: [
    upperCode('module', L('Module', '模块'), true),
    upperCode('function_area', L('Function area', '功能域')),
    upperCode('subarea', L('Subarea', '子功能域')),
    textField('field', L('Field', '字段'), { maxLength: 50, validators: [{ type: 'english' }] }),
    nameField(L('Title', '标题'), 100, 'title'),
    descriptionField(),
    { name: 'http_type', type: 'select', label: L('HTTP method', '请求方式'), required: true, options: HTTP_TYPE_OPTIONS, defaultValue: 'GET' },
    // The spec's 'version'; `version` itself is the engine's optimistic-concurrency column.
    textField('service_version', L('Version', '版本'), { maxLength: 20, defaultValue: 'v1', validators: [{ type: 'noChinese' }] }),
    textField('url', L('URL', '地址'), {
      required: true,
      maxLength: 500,
      validators: [{ type: 'regex', pattern: SERVICE_URL_PATTERN, message: mdLabel('md.url') }],
    }),
    { name: 'config', type: 'json', label: L('Configuration', '配置') },
  ],
  list: {
    columns: ['module', 'function_area', 'subarea', 'title', 'http_type', 'url', 'service_version'],
    filters: ['module', 'function_area', 'title', 'http_type'],
    sort: { field: 'module', order: 'asc' },
  },
});
