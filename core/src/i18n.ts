// Interface language and the base message catalogue (SPEC intro, §5, §8).

export type Lang = 'en' | 'zh';

/**
 * The stored language value decides the UI language. The spec's rule is literal: English only
 * for exactly 'en'; everything else ('EN', 'en-US', 'zh-CN', 'fr', '', null) is Chinese, which is
 * also the default when nothing is stored. Case and region are deliberately not normalised so the
 * client and the server (x-seamline-lang header) always agree on the same simple rule.
 */
export function langOf(stored: unknown): Lang {
  return stored === 'en' ? 'en' : 'zh';
}

type Catalogue = Record<string, string>;

// Texts the spec quotes are kept verbatim in English, including its quirks: the full-width '！'
// in 'form.correctInput' and 'form.saveFailedPrefix', and the two spellings of save/operate
// failures ('Save failed！' vs 'Save Failed!', 'operated failed' vs 'Operated Failed!').
const en: Catalogue = {
  // forms
  'form.correctInput': 'Please correct the input error, before submit form！',
  'form.saveFailedPrefix': 'Save failed！',

  // common messages (§8)
  'common.saveFailed': 'Save Failed!',
  'common.operatedFailed': 'Operated Failed!',
  'common.downloadFailed': 'Download Failed!',
  'common.illegalRequest': 'illegal request',
  'common.loadingFailed': 'Loading failed',
  'common.linkExpired': 'link expired please resend',
  'common.uploadFailed': 'Upload failed',
  'common.markReadFailed': 'mark-as-read failed',
  'common.syncFailed': 'sync failed',
  'common.publishFailed': 'publish failed',
  'common.submitFailed': 'submit failed',
  'common.passwordChangeFailed': 'password change failed',
  'common.passwordChangeSuccess': 'password changed successfully',
  'common.nothingToExport': 'nothing to export',
  'common.deletionFailed': 'deletion failed',
  'common.materialNotExist': 'material does not exist',
  'common.saveSuccess': 'Saved successfully',
  'common.operatedSuccess': 'Operated successfully',
  'common.sendFailed': 'send failed',
  'common.transferring': 'Sending data, please wait…',
  'common.newVersion': 'A new version is available',

  // request errors (§8)
  'error.operatedFailed': 'operated failed',
  'error.submitWrong': 'submit information is wrong: {message}',
  'error.serviceNotFound': '{status} service not found',
  'error.serverError': 'server error',
  'error.contactAdmin': 'Contact administrator',

  // approval runtime
  'cpm.mountError': 'Failed to load the approval flow',
  'cpm.operationFailed': 'Approval operation failed',

  // business messages (§5, §8)
  'biz.orderNoExists': 'order number already exists and cannot be created',
  'biz.changedByOthers': 'the document was changed by someone else, refresh and retry',
  'biz.nodeStatusChanged': 'node status changed by others',
  'biz.versionExists': 'version number already exists',
  'biz.noStandardProcess': 'no standard process maintained for the plant',
  'biz.commentDeleteWindow': 'comments can only be deleted within {days} days',
  'biz.movedQtyExceedsStock': 'moved quantity exceeds stock in the bin',
  'biz.processInUse': 'the process is in use, still process?',
  'biz.stillProcess': 'Still process',
  'biz.finishedQtyInvalid': 'finished quantity must not be empty or below 0',
  'biz.finishedQtyInsufficient': 'finished quantity is insufficient, confirm completion?',
  'biz.materialVendorOrCustomer': 'a material must have exactly one of vendor or customer',
  'biz.bankBranchCode': 'the bank branch code must be an 11-digit number',
  'biz.scoreAboveMax': 'the score must not exceed the maximum {max}',
  'biz.scoreBelowMin': 'the score must not be below the minimum {min}',
  'biz.scoreZero': 'the score must not be 0',
  'biz.rejectReasonRequired': 'please enter a reason for rejection',


  // form designer (§5)
  'designer.duplicateField': 'field name must be unique',
  'designer.duplicateOption': 'duplicate option values are not allowed',

  // sourcing publishing-stage checks (§8)
  'publish.contactMissing': 'publishing info is missing the contact person and phone',
  'publish.rfiNotClosed': 'the RFI is not closed',
  'publish.rfqItemsNotActive': 'the RFQ items are not active',
  'publish.noQuotations': 'there are no quotations yet',
  'publish.rfqNotClosed': 'the RFQ is not closed',
  'publish.evalConfigNotActive': 'the evaluation config is not active',
  'publish.evalNotClosed': 'the evaluation is not closed',
  'publish.unfinishedQuotations': 'some company quotations are unfinished',

  // outsourcing (§8)
  'outsource.supplierNotOnPlatform':
    'the supplier is not on the platform, so the order data cannot be sent and must be tracked manually',

  // upload (§5)
  'upload.fileTooLarge': '{name} exceeds the size limit and was skipped',
  'upload.formatMismatch': '{name} has the wrong format and was skipped',
  'upload.imageSize': 'the image must be {width}x{height}',
  'upload.emptyData': 'the file has no data',
  'upload.tooManyRows': 'at most {max} rows can be imported',

  // sign-in and session
  'auth.invalidCredentials': 'Incorrect username or password',
  'auth.tooManyAttempts': 'Too many failed sign-in attempts, please try again later',
  'auth.frozen': 'This account is frozen',
  'auth.signedOut': 'Not signed in or the session has expired',
  'auth.refreshFailed': 'The session could not be renewed, please sign in again',
  'auth.usernameRequired': 'Username cannot be empty',
  'auth.emailRequired': 'Email cannot be empty',
  'auth.newPasswordRequired': 'New password cannot be empty',
  'auth.passwordMismatch': 'The two passwords do not match',

  // HTTP-level errors sent by the server (never with internals)
  'http.notFound': 'The requested resource was not found',
  'http.forbidden': 'You do not have permission for this operation',
  'http.serverFault': 'Internal server error',
  'http.badRequest': 'Invalid request',
  'http.missingParam': 'Missing required parameter: {name}',
  'http.missingOneOf': 'Missing required parameter: one of {names}',

  // generic validators (§5), one per ValidatorType
  'val.required': 'This field is required',
  'val.email': 'Please enter a valid email address',
  'val.noChinese': 'Chinese characters are not allowed',
  'val.maxDecimals4': 'At most 4 decimal places are allowed',
  'val.english': 'Only letters, digits, underscore, @ and hyphen are allowed',
  'val.capitalEnglish': 'Only upper-case letters, digits, underscore, dot, @ and hyphen are allowed',
  'val.datetime': 'Please enter a date and time as YYYY-MM-DD HH:mm:ss',
  'val.date': 'Please enter a date as YYYY-MM-DD',
  'val.time': 'Please enter a time as HH:mm:ss',
  'val.positiveInteger': 'Please enter a positive integer',
  'val.naturalNumber': 'Please enter 0 or a positive integer',
  'val.positiveNumber': 'Please enter a number greater than or equal to 0',
  'val.greaterThanZero': 'Please enter a number greater than 0',
  'val.mobile': 'Please enter a valid 11-digit mobile number',
  'val.strongPassword': 'The password needs upper- and lower-case letters and digits, 6 to 20 characters',
  'val.exactLength': 'The length must be exactly {length} characters',
  'val.regex': 'The format is invalid',

  // relative time (§9)
  'time.now': 'now',
  'time.minute': '1 minute ago',
  'time.minutes': '{n} minutes ago',
  'time.hour': '1 hour ago',
  'time.hours': '{n} hours ago',
  'time.day': '1 day ago',
  'time.days': '{n} days ago',
  'time.week': '1 week ago',
  'time.weeks': '{n} weeks ago',
};

const zh: Catalogue = {
  'form.correctInput': '请修正输入错误后再提交表单！',
  'form.saveFailedPrefix': '保存失败！',

  'common.saveFailed': '保存失败！',
  'common.operatedFailed': '操作失败！',
  'common.downloadFailed': '下载失败！',
  'common.illegalRequest': '非法请求',
  'common.loadingFailed': '加载失败',
  'common.linkExpired': '链接已过期，请重新发送',
  'common.uploadFailed': '上传失败',
  'common.markReadFailed': '标记已读失败',
  'common.syncFailed': '同步失败',
  'common.publishFailed': '发布失败',
  'common.submitFailed': '提交失败',
  'common.passwordChangeFailed': '密码修改失败',
  'common.passwordChangeSuccess': '密码修改成功',
  'common.nothingToExport': '没有可导出的数据',
  'common.deletionFailed': '删除失败',
  'common.materialNotExist': '物料不存在',
  'common.saveSuccess': '保存成功',
  'common.operatedSuccess': '操作成功',
  'common.sendFailed': '发送失败',
  'common.transferring': '数据传输中，请稍候…',
  'common.newVersion': '发现新版本',

  'error.operatedFailed': '操作失败',
  'error.submitWrong': '提交信息有误：{message}',
  'error.serviceNotFound': '{status} 服务未找到',
  'error.serverError': '服务器错误',
  'error.contactAdmin': '联系管理员',

  'cpm.mountError': '审批流程加载失败',
  'cpm.operationFailed': '审批操作失败',

  'biz.orderNoExists': '单号已存在，无法创建',
  'biz.changedByOthers': '单据已被他人修改，请刷新后重试',
  'biz.nodeStatusChanged': '节点状态已被他人修改',
  'biz.versionExists': '版本号已存在',
  'biz.noStandardProcess': '该工厂未维护标准工序',
  'biz.commentDeleteWindow': '评论只能在 {days} 天内删除',
  'biz.movedQtyExceedsStock': '移库数量超过库位库存',
  'biz.processInUse': '该工序正在使用中，是否仍要继续？',
  'biz.stillProcess': '仍然处理',
  'biz.finishedQtyInvalid': '完成数量不能为空且不能小于 0',
  'biz.finishedQtyInsufficient': '完成数量不足，确认完成吗？',
  'biz.materialVendorOrCustomer': '物料必须且只能指定供应商或客户其中之一',
  'biz.bankBranchCode': '银行联行号必须为 11 位数字',
  'biz.scoreAboveMax': '分数不能超过最大值 {max}',
  'biz.scoreBelowMin': '分数不能低于最小值 {min}',
  'biz.scoreZero': '分数不能为 0',
  'biz.rejectReasonRequired': '请填写拒绝原因',


  'designer.duplicateField': '字段名不能重复',
  'designer.duplicateOption': '选项值不能重复',

  'publish.contactMissing': '发布信息缺少联系人和电话',
  'publish.rfiNotClosed': 'RFI 尚未关闭',
  'publish.rfqItemsNotActive': 'RFQ 询价项未激活',
  'publish.noQuotations': '尚无报价',
  'publish.rfqNotClosed': 'RFQ 尚未关闭',
  'publish.evalConfigNotActive': '评估配置未激活',
  'publish.evalNotClosed': '评估尚未结束',
  'publish.unfinishedQuotations': '存在未完成的公司报价',

  'outsource.supplierNotOnPlatform': '该供应商不在平台上，订单数据无法发送，需要线下手工跟进',

  'upload.fileTooLarge': '{name} 超过大小限制，已忽略',
  'upload.formatMismatch': '{name} 格式不符，已忽略',
  'upload.imageSize': '图片尺寸必须为 {width}x{height}',
  'upload.emptyData': '文件中没有数据',
  'upload.tooManyRows': '最多只能导入 {max} 行',

  'auth.invalidCredentials': '用户名或密码错误',
  'auth.tooManyAttempts': '登录失败次数过多，请稍后再试',
  'auth.frozen': '该账号已被冻结',
  'auth.signedOut': '未登录或登录已过期',
  'auth.refreshFailed': '会话续期失败，请重新登录',
  'auth.usernameRequired': '用户名不能为空',
  'auth.emailRequired': '邮箱不能为空',
  'auth.newPasswordRequired': '新密码不能为空',
  'auth.passwordMismatch': '两次输入的密码不一致',

  'http.notFound': '请求的资源不存在',
  'http.forbidden': '您没有执行此操作的权限',
  'http.serverFault': '服务器内部错误',
  'http.badRequest': '请求无效',
  'http.missingParam': '缺少必需参数：{name}',
  'http.missingOneOf': '缺少必需参数：{names} 之一',

  'val.required': '此项为必填项',
  'val.email': '请输入有效的邮箱地址',
  'val.noChinese': '不能包含中文字符',
  'val.maxDecimals4': '最多保留 4 位小数',
  'val.english': '只能包含字母、数字、下划线、@ 和连字符',
  'val.capitalEnglish': '只能包含大写字母、数字、下划线、点、@ 和连字符',
  'val.datetime': '请按 YYYY-MM-DD HH:mm:ss 格式输入日期时间',
  'val.date': '请按 YYYY-MM-DD 格式输入日期',
  'val.time': '请按 HH:mm:ss 格式输入时间',
  'val.positiveInteger': '请输入正整数',
  'val.naturalNumber': '请输入 0 或正整数',
  'val.positiveNumber': '请输入大于或等于 0 的数字',
  'val.greaterThanZero': '请输入大于 0 的数字',
  'val.mobile': '请输入有效的 11 位手机号码',
  'val.strongPassword': '密码须包含大写字母、小写字母和数字，长度 6 到 20 位',
  'val.exactLength': '长度必须为 {length} 个字符',
  'val.regex': '格式不正确',

  'time.now': '刚刚',
  'time.minute': '1分钟前',
  'time.minutes': '{n}分钟前',
  'time.hour': '1小时前',
  'time.hours': '{n}小时前',
  'time.day': '1天前',
  'time.days': '{n}天前',
  'time.week': '1周前',
  'time.weeks': '{n}周前',
};

/** Base catalogue. Feature code may add keys at start-up; Chinese must always have the key. */
export const messages: { en: Catalogue; zh: Catalogue } = { en, zh };

export type MessageParams = Record<string, string | number>;

/** Replace {name} placeholders; unknown placeholders stay visible so a missing param is noticed. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** Translate a key: the language's text, else the Chinese text (the fallback), else the key. */
export function t(lang: unknown, key: string, params?: MessageParams): string {
  const text = lookup(messages[langOf(lang)], key) ?? lookup(messages.zh, key) ?? key;
  return interpolate(text, params);
}

// Own keys only, so 'constructor' and friends never resolve to Object.prototype members.
function lookup(catalogue: Catalogue, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(catalogue, key) ? catalogue[key] : undefined;
}
