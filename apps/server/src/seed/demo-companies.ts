/**
 * The demo agency's client companies and their contacts, created through the company and contact
 * services as the owner would (each with its operation-log entry). Called by `seedDemo`.
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
  const total = COMPANIES.length;
  for (const [index, { contacts, ...company }] of COMPANIES.entries()) {
    const at = new Date(Date.now() - (total - index) * 86_400_000);
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
