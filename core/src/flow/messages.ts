// Flow texts (spec §8 'Flow messages', §4 lifecycle labels) in both languages; registered with
// the server area (defineArea messages) and the web's i18n; `flowText` reads them directly.
import { interpolate, langOf, type MessageParams } from '../i18n';

type Catalogue = Record<string, string>;

export const flowMessages: { en: Catalogue; zh: Catalogue } = {
  en: {
    'flow.createNodeFirst': 'Please create a node first',
    'flow.lastNodeNoEnd': 'The last node has no end defined',
    'flow.noEndNode': 'No node defines an end',
    'flow.duplicateSeq': 'Duplicate node sequence',
    'flow.duplicateStatus': 'Duplicate node status',
    'flow.duplicateLaunchAction': 'Duplicate launch action',
    'flow.duplicateStep': 'Duplicate step',
    'flow.launchActionRequired': 'Launch action and its text are required except on the last node',
    'flow.copied': 'flow copied',
    'flow.copyFailed': 'flow copy failed',
    'flow.copyCodeEmpty': 'Please enter a new process code',
    'flow.nodeStatusNotInFlow': 'The node status does not exist under the selected flow',
    'flow.flowMissing': 'Approval flow does not exist',
    'flow.inUse': 'This flow is in use, still process?',
    'flow.usedByProjectType': 'Project type {code}',
    'flow.usedByDocument': '{title} is under approval',
    'cpm.noProcess': 'The approval flow {code} is not defined',
    'cpm.noApprover': 'No approver found for node {node}',
    'cpm.notApprover': 'You are not an approver of this node',
    'cpm.noRollbackTarget': 'This node cannot be rolled back to',
    'cpm.notRunning': 'The approval flow is not running',
    'cpm.badAction': 'Unknown approval action',
    'cpm.userAlreadyApprover': 'The user is already an approver of this node',
    'cpm.mountFailed': 'Approval flow failed to load',
    'cpm.operationFailed': 'Operation failed',
    'cpm.approvalsWaiting': 'Approvals waiting',
    'cpm.notifyPending': '{doc} is waiting for your approval ({node})',
    'cpm.notifyApproved': '{doc} was approved',
    'cpm.notifyReturned': '{doc} was returned: {comment}',
    'cpm.addApprover': 'Add approver',
    'cpm.notInitiator': 'Only the initiator can take the document back',
    'cpm.ruleFailed': '{message}',
    'cpm.nodePassed': 'Approvers can only be added to the current or a later node',
    'doc.submitFailed': 'submit failed',
  },
  zh: {
    'flow.createNodeFirst': '请先创建节点',
    'flow.lastNodeNoEnd': '最后一个节点未定义结束',
    'flow.noEndNode': '没有节点定义结束',
    'flow.duplicateSeq': '节点序号重复',
    'flow.duplicateStatus': '节点状态重复',
    'flow.duplicateLaunchAction': '发起动作重复',
    'flow.duplicateStep': '步骤重复',
    'flow.launchActionRequired': '除最后一个节点外，发起动作及其文本必须填写',
    'flow.copied': '流程复制成功',
    'flow.copyFailed': '流程复制失败',
    'flow.copyCodeEmpty': '请输入新的流程编码',
    'flow.nodeStatusNotInFlow': '节点状态在所选流程下不存在',
    'flow.flowMissing': '审批流程不存在',
    'flow.inUse': '该流程正在使用中，是否仍要处理？',
    'flow.usedByProjectType': '项目类型 {code}',
    'flow.usedByDocument': '{title} 审批中',
    'cpm.noProcess': '审批流程 {code} 未定义',
    'cpm.noApprover': '节点 {node} 找不到审批人',
    'cpm.notApprover': '您不是该节点的审批人',
    'cpm.noRollbackTarget': '不能回退到该节点',
    'cpm.notRunning': '审批流程未在进行中',
    'cpm.badAction': '未知的审批动作',
    'cpm.userAlreadyApprover': '该用户已是此节点的审批人',
    'cpm.mountFailed': '审批流程加载失败',
    'cpm.operationFailed': '操作失败',
    'cpm.approvalsWaiting': '待我审批',
    'cpm.notifyPending': '{doc} 等待您审批（{node}）',
    'cpm.notifyApproved': '{doc} 已审批通过',
    'cpm.notifyReturned': '{doc} 被退回：{comment}',
    'cpm.addApprover': '加签',
    'cpm.notInitiator': '只有发起人可以撤回单据',
    'cpm.ruleFailed': '{message}',
    'cpm.nodePassed': '只能为当前或后续节点添加审批人',
    'doc.submitFailed': '提交失败',
  },
};

/** A flow text in the language ('en' → English, anything else Chinese), params interpolated. */
export function flowText(lang: unknown, key: string, params?: MessageParams): string {
  const cat = flowMessages[langOf(lang)];
  const text = Object.prototype.hasOwnProperty.call(cat, key) ? cat[key] : flowMessages.zh[key] ?? key;
  return interpolate(text, params);
}
