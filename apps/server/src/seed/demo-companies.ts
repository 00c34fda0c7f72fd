/**
 * The demo agency's client companies and their contacts, created through the company and contact
 * services as the owner would (each with its operation-log entry), with the invoice details an invoice
 * request is prefilled from and, for the clients of the finance year (demo-finance), payment terms of
 * 30, 45, 60 or 90 days. Called by `seedDemo`.
 */
import type { CompanyCreate } from '@trackit/contract/company.schema';
import { creditCodeCheckChar } from '@trackit/contract/patterns';
import type { Database } from '../db/client';
import { createCompany } from '../domains/company/company.service';
import { createContact } from '../domains/contact/contact.service';

type Author = { teamId: number; membershipId: number; userId: number };

/** A valid credit code from its first 17 characters (the check character computed, GB 32100-2015). */
const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;

const COMPANIES: (CompanyCreate & { contacts: [string, string, string][] })[] = [
  {
    name: '上海星河传媒有限公司',
    short_name: '星河传媒',
    credit_code: code('91310106MA1FY3K2X'),
    industry: 'media',
    tier: 'strategic',
    invoice_address: '上海市徐汇区漕溪北路 595 号 12 楼 021-6428 7700',
    bank_name: '招商银行上海徐家汇支行',
    bank_account: '121912345610301',
    payment_terms_days: 30,
    contacts: [
      ['王珊', '市场总监', '13911110001'],
      ['赵一鸣', '制片', '13911110002'],
      ['孙悦', '财务', '13911110003'],
    ],
  },
  {
    name: '北京光年广告有限公司',
    short_name: '光年广告',
    credit_code: code('91110105MA01C8P4L'),
    industry: 'advertising',
    tier: 'key',
    invoice_address: '北京市朝阳区建国路 88 号 SOHO 现代城 A 座 1502 室 010-8580 2266',
    bank_name: '中国工商银行北京国贸支行',
    bank_account: '0200004109200123456',
    payment_terms_days: 45,
    contacts: [
      ['李雷', '创意总监', '13911110004'],
      ['韩梅', '客户经理', '13911110005'],
      ['刘洋', '财务主管', '13911110006'],
    ],
  },
  {
    name: '杭州青禾服饰有限公司',
    short_name: '青禾服饰',
    credit_code: code('91330106MA2B1Q7N0'),
    industry: 'fashion',
    tier: 'key',
    invoice_address: '杭州市西湖区文三路 90 号 0571-8888 6666',
    bank_name: '招商银行杭州分行',
    bank_account: '571900012345678',
    payment_terms_days: 60,
    contacts: [
      ['周楠', '品牌经理', '13911110007'],
      ['吴倩', '电商运营', '13911110008'],
      ['郑浩', '视觉总监', '13911110009'],
    ],
  },
  {
    name: '深圳云图科技有限公司',
    short_name: '云图科技',
    credit_code: code('91440300MA5D2R8T1'),
    industry: 'technology',
    tier: 'regular',
    invoice_address: '深圳市南山区科苑路 15 号科兴科学园 B 座 0755-8660 3321',
    bank_name: '中国建设银行深圳科技园支行',
    bank_account: '44250100003600012345',
    payment_terms_days: 30,
    contacts: [
      ['陈晨', '市场经理', '13911110010'],
      ['林可', '采购', '13911110011'],
    ],
  },
  {
    name: '广州白鹭影视文化有限公司',
    short_name: '白鹭影视',
    credit_code: code('91440101MA9W3U6Y2'),
    industry: 'entertainment',
    tier: 'key',
    invoice_address: '广州市天河区花城大道 68 号环球都会广场 2306 室 020-3888 1200',
    bank_name: '中国银行广州天河支行',
    bank_account: '669857712345',
    payment_terms_days: 45,
    contacts: [
      ['黄磊', '选角导演', '13911110012'],
      ['许静', '制片主任', '13911110013'],
      ['何畅', '执行制片', '13911110014'],
    ],
  },
  {
    name: '成都远山户外用品有限公司',
    short_name: '远山户外',
    credit_code: code('91510107MA61X4H3C'),
    industry: 'sports',
    tier: 'regular',
    invoice_address: '成都市武侯区人民南路四段 11 号 028-8555 7788',
    bank_name: '成都银行武侯支行',
    bank_account: '1001300000567890',
    payment_terms_days: 30,
    contacts: [
      ['马骁', '品牌负责人', '13911110015'],
      ['罗兰', '市场专员', '13911110016'],
    ],
  },
  {
    name: '苏州兰亭美妆有限公司',
    short_name: '兰亭美妆',
    credit_code: code('91320508MA1N5E2W4'),
    industry: 'beauty',
    tier: 'strategic',
    invoice_address: '苏州工业园区星海街 200 号 0512-6280 1188',
    bank_name: '交通银行苏州工业园区支行',
    bank_account: '325605000018170123456',
    payment_terms_days: 30,
    contacts: [
      ['宋雨', '品牌总监', '13911110017'],
      ['唐糖', '社媒运营', '13911110018'],
      ['冯佳', '财务', '13911110019'],
    ],
  },
  {
    name: '上海逸品国际贸易有限公司',
    short_name: '逸品国际',
    credit_code: code('91310115MA1K4B9D6'),
    industry: 'luxury',
    tier: 'key',
    invoice_address: '上海市浦东新区世纪大道 100 号 58 楼 021-6877 9900',
    bank_name: '汇丰银行（中国）上海分行',
    bank_account: '088123456011',
    payment_terms_days: 90,
    contacts: [
      ['Chloe Wang', 'PR Manager', '13911110020'],
      ['蒋文', '活动经理', '13911110021'],
      ['沈月', 'VIP 客户关系', '13911110022'],
    ],
  },
  {
    name: '北京橙子电商有限公司',
    short_name: '橙子电商',
    credit_code: code('91110108MA04G7R1J'),
    industry: 'retail',
    tier: 'regular',
    invoice_address: '北京市海淀区中关村大街 27 号 010-6256 4433',
    bank_name: '招商银行北京中关村支行',
    bank_account: '110923456710802',
    payment_terms_days: 30,
    contacts: [
      ['谢飞', '直播运营', '13911110023'],
      ['邓琳', '拍摄统筹', '13911110024'],
      ['曹阳', '采购经理', '13911110025'],
    ],
  },
  {
    name: '武汉长风汽车销售服务有限公司',
    short_name: '长风汽车',
    credit_code: code('91420106MA4K2L8P3'),
    industry: 'automotive',
    tier: 'prospect',
    invoice_address: '武汉市江汉区建设大道 568 号 027-8577 3300',
    bank_name: '汉口银行江汉支行',
    bank_account: '039011000123456',
    contacts: [
      ['彭涛', '市场部经理', '13911110026'],
      ['吕晴', '活动执行', '13911110027'],
    ],
  },
  {
    name: '南京味道食品有限公司',
    short_name: '味道食品',
    credit_code: code('91320105MA1X8N6Q5'),
    industry: 'food',
    tier: 'regular',
    invoice_address: '南京市秦淮区中山南路 1 号 025-8468 2211',
    bank_name: '南京银行城中支行',
    bank_account: '0101220000012345',
    payment_terms_days: 30,
    contacts: [
      ['袁野', '品牌经理', '13911110028'],
      ['韦薇', '市场专员', '13911110029'],
    ],
  },
  {
    name: '时尚芭莎文化传播（北京）有限公司',
    short_name: '芭莎文化',
    credit_code: code('91110101MA00D3F2H'),
    industry: 'media',
    tier: 'strategic',
    invoice_address: '北京市东城区东长安街 1 号东方广场 W3 座 010-8518 6000',
    bank_name: '中国工商银行北京东单支行',
    bank_account: '0200001009014567890',
    payment_terms_days: 60,
    contacts: [
      ['杜若', '时装编辑', '13911110030'],
      ['苏青', '拍摄统筹', '13911110031'],
      ['范冰', '财务', '13911110032'],
    ],
  },
  {
    name: '厦门海风文化创意有限公司',
    short_name: '海风文创',
    credit_code: code('91350203MA2Y7T4K8'),
    industry: 'advertising',
    tier: 'prospect',
    invoice_address: '厦门市思明区环岛东路 1699 号 0592-510 5678',
    bank_name: '厦门银行思明支行',
    bank_account: '80101200004567',
    contacts: [
      ['方圆', '创意总监', '13911110033'],
      ['钟灵', '项目经理', '13911110034'],
    ],
  },
  {
    name: '重庆山城运动科技有限公司',
    short_name: '山城运动',
    credit_code: code('91500105MA61B2C9E'),
    industry: 'sports',
    tier: 'regular',
    invoice_address: '重庆市渝中区民族路 188 号 023-6373 5500',
    bank_name: '重庆农村商业银行渝中支行',
    bank_account: '0301010120010012345',
    payment_terms_days: 45,
    contacts: [
      ['石磊', '市场总监', '13911110035'],
      ['江南', '电商运营', '13911110036'],
      ['龙飞', '财务', '13911110037'],
    ],
  },
  {
    name: '西安丝路文旅发展有限公司',
    short_name: '丝路文旅',
    credit_code: code('91610104MA6W5P3R7'),
    industry: 'other',
    tier: 'prospect',
    invoice_address: '西安市雁塔区雁塔南路 300 号 029-8552 1000',
    bank_name: '西安银行曲江支行',
    bank_account: '711011580000123456',
    contacts: [
      ['白露', '活动负责人', '13911110038'],
      ['贺兰', '宣传专员', '13911110039'],
      ['常青', '行政', '13911110040'],
    ],
  },
];

/** 15 companies (valid credit codes) and 40 contacts; the first contact of each company takes its invoices when it has a finance contact. */
export async function seedDemoCompanies(db: Database, owner: Author) {
  const origin = { ip: '', userAgent: '' };
  for (const [index, { contacts, ...company }] of COMPANIES.entries()) {
    // Entered some 13 months ago, a day apart: before the orders and invoices of the finance year.
    const at = new Date(Date.now() - (400 - index) * 86_400_000);
    const clock = () => at;
    const created = await createCompany(
      { db, clock },
      owner,
      { ...company, invoice_title: company.name, notes: null },
      origin,
    );
    for (const [name, position, mobile] of contacts) {
      await createContact(
        { db, clock },
        owner,
        {
          name,
          company_id: created.id,
          position,
          mobile,
          is_invoice_contact: position.includes('财务'),
        },
        origin,
      );
    }
  }
}
