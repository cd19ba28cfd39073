// Place names of company cards as a reader of either language reads them (issue 23: the English
// Discovery page showed '上海市 · 上海市'). Cards store what their owners typed, mostly Chinese
// names of provinces and cities; the common ones have an English name here, anything else is shown
// as typed. A municipality's city repeats its province and is shown once.
import type { Lang } from '@seamline/core';

const PROVINCES: Record<string, string> = {
  北京市: 'Beijing', 天津市: 'Tianjin', 上海市: 'Shanghai', 重庆市: 'Chongqing',
  河北省: 'Hebei', 山西省: 'Shanxi', 辽宁省: 'Liaoning', 吉林省: 'Jilin', 黑龙江省: 'Heilongjiang',
  江苏省: 'Jiangsu', 浙江省: 'Zhejiang', 安徽省: 'Anhui', 福建省: 'Fujian', 江西省: 'Jiangxi',
  山东省: 'Shandong', 河南省: 'Henan', 湖北省: 'Hubei', 湖南省: 'Hunan', 广东省: 'Guangdong',
  海南省: 'Hainan', 四川省: 'Sichuan', 贵州省: 'Guizhou', 云南省: 'Yunnan', 陕西省: 'Shaanxi',
  甘肃省: 'Gansu', 青海省: 'Qinghai', 台湾省: 'Taiwan',
  内蒙古自治区: 'Inner Mongolia', 广西壮族自治区: 'Guangxi', 西藏自治区: 'Tibet', 宁夏回族自治区: 'Ningxia',
  新疆维吾尔自治区: 'Xinjiang', 香港特别行政区: 'Hong Kong', 澳门特别行政区: 'Macao',
};

const CITIES: Record<string, string> = {
  广州市: 'Guangzhou', 深圳市: 'Shenzhen', 佛山市: 'Foshan', 东莞市: 'Dongguan', 中山市: 'Zhongshan', 汕头市: 'Shantou',
  苏州市: 'Suzhou', 南京市: 'Nanjing', 无锡市: 'Wuxi', 常州市: 'Changzhou', 南通市: 'Nantong',
  杭州市: 'Hangzhou', 宁波市: 'Ningbo', 绍兴市: 'Shaoxing', 嘉兴市: 'Jiaxing', 湖州市: 'Huzhou', 温州市: 'Wenzhou', 金华市: 'Jinhua',
  福州市: 'Fuzhou', 厦门市: 'Xiamen', 泉州市: 'Quanzhou', 晋江市: 'Jinjiang',
  青岛市: 'Qingdao', 济南市: 'Jinan', 烟台市: 'Yantai', 潍坊市: 'Weifang',
  武汉市: 'Wuhan', 长沙市: 'Changsha', 郑州市: 'Zhengzhou', 成都市: 'Chengdu', 西安市: "Xi'an",
  合肥市: 'Hefei', 南昌市: 'Nanchang', 石家庄市: 'Shijiazhuang', 沈阳市: 'Shenyang', 大连市: 'Dalian',
  昆明市: 'Kunming', 南宁市: 'Nanning', 贵阳市: 'Guiyang', 太原市: 'Taiyuan', 哈尔滨市: 'Harbin', 长春市: 'Changchun',
  ...Object.fromEntries(['北京市', '天津市', '上海市', '重庆市'].map((m) => [m, PROVINCES[m]!])),
};

/** One place name in `lang`: English names for the Chinese names above, anything else as typed. */
export function placeName(name: string, lang: Lang): string {
  if (lang !== 'en') return name;
  return PROVINCES[name] ?? CITIES[name] ?? name;
}

/** 'state · city' in `lang`, the city left out when it repeats the state (a municipality). */
export function regionLine(state: string | null | undefined, city: string | null | undefined, lang: Lang): string {
  const parts = [state, city].filter((p): p is string => !!p && p.trim() !== '');
  const unique = parts.filter((p, i) => i === 0 || p !== parts[0]);
  return unique.map((p) => placeName(p, lang)).join(' · ');
}
