// Every text of the ticket area, English and Chinese ('en' → English, anything else Chinese).
// The server's errors name these keys (translated per request); the web reads them with ticketMessage.
import { interpolate, langOf, type MessageParams } from '@seamline/core';

export const ticketMessages = {
  en: {
    'ticket.tooLong': 'At most {max} characters',
    'ticket.badValue': 'Not one of the allowed values',
    'ticket.ratioMax': 'The ratio cannot exceed 100',
    'ticket.noDeadline': 'No deadline',
    'ticket.hours': '{h} h',
    'ticket.daysHours': '{d} d {h} h',
    'ticket.remaining': '{time} left',
    'ticket.overdue': 'Overdue by {time}',
    'ticket.counterpartSelf': 'Choose another company than your own',
    'ticket.counterpartUnknown': 'This company is not on the platform',
    'ticket.categoryUnknown': 'This category does not exist',
    'ticket.badState': 'The ticket is {status}: this step is not possible now',
    'ticket.closedNoComments': 'The ticket is closed: no more comments',
    'ticket.confirmClose': 'Closing a ticket needs your confirmation',
    'ticket.notYourComment': 'You can delete only your own comments',
    'ticket.lastAdmin': 'A ticket needs at least one admin: add another admin first',
    'ticket.ownerStays': "The ticket's owner stays a member and an admin of it",
    'ticket.alreadyMember': 'Already a member of this ticket',
    'ticket.notMember': 'Not a member of this ticket',
    'ticket.userUnknown': 'This user cannot take part in this ticket: only active users of its two companies who have access to tickets can',
    'ticket.groupUnknown': 'This group does not exist in your company',
    'ticket.commentEmpty': 'Write a comment or add a photo',
    'ticket.photoBad': 'A photo must be an image uploaded by you',
    'ticket.tooManyPhotos': 'At most {max} photos per comment',
    'ticket.notify.opened': '{who} opened the exception ticket "{title}" with your company',
    'ticket.notify.comment': '{who} commented on the ticket "{title}"',
    'ticket.notify.invited': '{who} invited you to the ticket "{title}"',
    'ticket.notify.admin': '{who} made you an admin of the ticket "{title}"',
    'ticket.notify.closing': '{who} started closing the ticket "{title}"',
    'ticket.notify.closed': '{who} closed the ticket "{title}"',
  },
  zh: {
    'ticket.tooLong': '最多 {max} 个字符',
    'ticket.badValue': '不是允许的取值',
    'ticket.ratioMax': '比例不能超过 100',
    'ticket.noDeadline': '无期限',
    'ticket.hours': '{h} 小时',
    'ticket.daysHours': '{d} 天 {h} 小时',
    'ticket.remaining': '剩余 {time}',
    'ticket.overdue': '已超时 {time}',
    'ticket.counterpartSelf': '请选择本公司以外的公司',
    'ticket.counterpartUnknown': '该公司不在平台上',
    'ticket.categoryUnknown': '该分类不存在',
    'ticket.badState': '工单当前为{status}，无法执行此操作',
    'ticket.closedNoComments': '工单已关闭，不能再评论',
    'ticket.confirmClose': '关闭工单需要确认',
    'ticket.notYourComment': '只能删除自己的评论',
    'ticket.lastAdmin': '工单至少需要一位管理员，请先添加其他管理员',
    'ticket.ownerStays': '工单负责人始终是该工单的成员和管理员',
    'ticket.alreadyMember': '已是该工单成员',
    'ticket.notMember': '不是该工单成员',
    'ticket.userUnknown': '该用户无法参与此工单：仅限工单双方企业中可使用工单的有效用户',
    'ticket.groupUnknown': '本公司没有该讨论组',
    'ticket.commentEmpty': '请填写评论或添加照片',
    'ticket.photoBad': '照片必须是您上传的图片',
    'ticket.tooManyPhotos': '每条评论最多 {max} 张照片',
    'ticket.notify.opened': '{who} 向贵公司发起了异常工单“{title}”',
    'ticket.notify.comment': '{who} 评论了工单“{title}”',
    'ticket.notify.invited': '{who} 邀请您加入工单“{title}”',
    'ticket.notify.admin': '{who} 将您设为工单“{title}”的管理员',
    'ticket.notify.closing': '{who} 发起关闭工单“{title}”',
    'ticket.notify.closed': '{who} 关闭了工单“{title}”',
  },
} satisfies Record<'en' | 'zh', Record<string, string>>;

export type TicketMessageKey = keyof (typeof ticketMessages)['en'];

export function ticketMessage(lang: unknown, key: string, params?: MessageParams): string {
  const cat = ticketMessages[langOf(lang)] as Record<string, string>;
  return interpolate(cat[key] ?? (ticketMessages.zh as Record<string, string>)[key] ?? key, params);
}
