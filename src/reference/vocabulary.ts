/**
 * Curated value lists of the reference dataset: places, career tracks, skills, vocabularies. Faker (pools.ts)
 * adds the long tail (names, companies, extra titles, streets); everything that must line up with the
 * catalog's fixed sets (§2.3) or with another field (a city with its state, country and codes) lives here.
 * No entry carries an e-mail address or a phone number (§1, s1-people-prose-no-contact).
 */

export interface Country {
  readonly name: string;
  readonly iso2: string;
  readonly iso3: string;
  readonly regions: readonly string[];
  readonly language: string;
  readonly currency: string;
  /** Relative share of people and companies located here. */
  readonly weight: number;
  readonly states: Readonly<Record<string, readonly string[]>>;
}

const EMEA = ["Europe", "EMEA"];
const NA = ["North America", "Americas"];
const LATAM = ["Latin America", "Americas"];
const APAC = ["Asia", "APAC"];

export const COUNTRIES: readonly Country[] = [
  { name: "United States", iso2: "US", iso3: "USA", regions: NA, language: "English", currency: "USD", weight: 30, states: { California: ["San Francisco", "Los Angeles", "San Diego", "San Jose"], "New York": ["New York", "Buffalo"], Texas: ["Austin", "Houston", "Dallas"], Washington: ["Seattle"], Massachusetts: ["Boston"], Illinois: ["Chicago"], Georgia: ["Atlanta"], Colorado: ["Denver"] } },
  { name: "United Kingdom", iso2: "GB", iso3: "GBR", regions: EMEA, language: "English", currency: "GBP", weight: 10, states: { England: ["London", "Manchester", "Bristol"], Scotland: ["Edinburgh", "Glasgow"] } },
  { name: "Germany", iso2: "DE", iso3: "DEU", regions: EMEA, language: "German", currency: "EUR", weight: 6, states: { Berlin: ["Berlin"], Bavaria: ["Munich"], Hamburg: ["Hamburg"], Hesse: ["Frankfurt"] } },
  { name: "France", iso2: "FR", iso3: "FRA", regions: EMEA, language: "French", currency: "EUR", weight: 5, states: { "Île-de-France": ["Paris"], "Auvergne-Rhône-Alpes": ["Lyon"], Occitanie: ["Toulouse"] } },
  { name: "Netherlands", iso2: "NL", iso3: "NLD", regions: EMEA, language: "Dutch", currency: "EUR", weight: 3, states: { "North Holland": ["Amsterdam"], "South Holland": ["Rotterdam", "The Hague"] } },
  { name: "Spain", iso2: "ES", iso3: "ESP", regions: EMEA, language: "Spanish", currency: "EUR", weight: 3, states: { "Community of Madrid": ["Madrid"], Catalonia: ["Barcelona"] } },
  { name: "Italy", iso2: "IT", iso3: "ITA", regions: EMEA, language: "Italian", currency: "EUR", weight: 2, states: { Lombardy: ["Milan"], Lazio: ["Rome"] } },
  { name: "Sweden", iso2: "SE", iso3: "SWE", regions: EMEA, language: "Swedish", currency: "SEK", weight: 1, states: { "Stockholm County": ["Stockholm"] } },
  { name: "Ireland", iso2: "IE", iso3: "IRL", regions: EMEA, language: "English", currency: "EUR", weight: 1, states: { Leinster: ["Dublin"] } },
  { name: "Switzerland", iso2: "CH", iso3: "CHE", regions: EMEA, language: "German", currency: "CHF", weight: 1, states: { Zurich: ["Zurich"], Geneva: ["Geneva"] } },
  { name: "Poland", iso2: "PL", iso3: "POL", regions: EMEA, language: "Polish", currency: "PLN", weight: 2, states: { Masovian: ["Warsaw"], "Lesser Poland": ["Kraków"] } },
  { name: "Canada", iso2: "CA", iso3: "CAN", regions: NA, language: "English", currency: "CAD", weight: 5, states: { Ontario: ["Toronto", "Ottawa"], "British Columbia": ["Vancouver"], Quebec: ["Montreal"] } },
  { name: "Brazil", iso2: "BR", iso3: "BRA", regions: LATAM, language: "Portuguese", currency: "BRL", weight: 4, states: { "São Paulo": ["São Paulo"], "Rio de Janeiro": ["Rio de Janeiro"] } },
  { name: "Mexico", iso2: "MX", iso3: "MEX", regions: LATAM, language: "Spanish", currency: "MXN", weight: 2, states: { "Mexico City": ["Mexico City"], Jalisco: ["Guadalajara"] } },
  { name: "India", iso2: "IN", iso3: "IND", regions: APAC, language: "Hindi", currency: "INR", weight: 10, states: { Karnataka: ["Bengaluru"], Maharashtra: ["Mumbai", "Pune"], Telangana: ["Hyderabad"], Delhi: ["New Delhi"] } },
  { name: "Singapore", iso2: "SG", iso3: "SGP", regions: APAC, language: "English", currency: "SGD", weight: 1, states: { Singapore: ["Singapore"] } },
  { name: "Japan", iso2: "JP", iso3: "JPN", regions: APAC, language: "Japanese", currency: "JPY", weight: 2, states: { Tokyo: ["Tokyo"], Osaka: ["Osaka"] } },
  { name: "Australia", iso2: "AU", iso3: "AUS", regions: APAC, language: "English", currency: "AUD", weight: 3, states: { "New South Wales": ["Sydney"], Victoria: ["Melbourne"] } },
  { name: "United Arab Emirates", iso2: "AE", iso3: "ARE", regions: ["Middle East", "EMEA"], language: "Arabic", currency: "AED", weight: 1, states: { Dubai: ["Dubai"] } },
  { name: "South Africa", iso2: "ZA", iso3: "ZAF", regions: ["Africa", "EMEA"], language: "English", currency: "ZAR", weight: 1, states: { "Western Cape": ["Cape Town"], Gauteng: ["Johannesburg"] } },
  { name: "Israel", iso2: "IL", iso3: "ISR", regions: ["Middle East", "EMEA"], language: "Hebrew", currency: "ILS", weight: 1, states: { "Tel Aviv District": ["Tel Aviv"] } },
  { name: "Nigeria", iso2: "NG", iso3: "NGA", regions: ["Africa", "EMEA"], language: "English", currency: "NGN", weight: 1, states: { Lagos: ["Lagos"] } },
  { name: "China", iso2: "CN", iso3: "CHN", regions: APAC, language: "Mandarin Chinese", currency: "CNY", weight: 2, states: { Shanghai: ["Shanghai"], Beijing: ["Beijing"] } },
];

/** Languages people list besides their country's own (§2.2 languages, has_language). */
export const LANGUAGES = [
  "English", "Spanish", "French", "German", "Portuguese", "Italian", "Dutch", "Mandarin Chinese", "Japanese", "Hindi",
  "Arabic", "Russian", "Korean", "Polish", "Swedish", "Turkish", "Hebrew", "Greek", "Vietnamese", "Indonesian",
] as const;

/** A step of a career track: the title and its §2.3 level. */
export type TrackTitle = readonly [title: string, level: string];

/** A career family: the titles a person climbs, their department (§2.3 active_department), role, skills and job functions. */
export interface Track {
  readonly role: string;
  readonly department: string;
  readonly weight: number;
  readonly titles: readonly TrackTitle[];
  readonly skills: readonly string[];
  readonly functions: readonly string[];
}

export const TRACKS: readonly Track[] = [
  { role: "software engineering", department: "Engineering and Technical", weight: 14, functions: ["Engineering", "Information Technology"],
    titles: [["Software Engineering Intern", "Intern"], ["Software Engineer", "Specialist"], ["Backend Developer", "Specialist"], ["Frontend Developer", "Specialist"], ["Full Stack Developer", "Specialist"], ["Senior Software Engineer", "Senior"], ["Staff Software Engineer", "Senior"], ["Engineering Manager", "Manager"], ["Head of Engineering", "Head"], ["Director of Engineering", "Director"], ["VP of Engineering", "Vice President"], ["Chief Technology Officer", "C-Level"]],
    skills: ["Python", "Java", "JavaScript", "TypeScript", "Go", "Rust", "C++", "SQL", "Kubernetes", "Docker", "AWS", "React", "Node.js", "PostgreSQL", "Git", "Microservices", "GraphQL", "Linux", "Terraform", "CI/CD"] },
  { role: "data science", department: "Research", weight: 6, functions: ["Engineering", "Analyst", "Research"],
    titles: [["Data Science Intern", "Intern"], ["Data Analyst", "Specialist"], ["Data Scientist", "Specialist"], ["Data Engineer", "Specialist"], ["Machine Learning Engineer", "Specialist"], ["Senior Data Scientist", "Senior"], ["Lead Data Engineer", "Senior"], ["Data Science Manager", "Manager"], ["Head of Data", "Head"], ["Director of Data Science", "Director"], ["Chief Data Officer", "C-Level"]],
    skills: ["Python", "R", "SQL", "Machine Learning", "Deep Learning", "TensorFlow", "PyTorch", "Statistics", "Tableau", "Apache Spark", "Pandas", "Data Visualization", "Natural Language Processing", "Big Data"] },
  { role: "sales", department: "Sales", weight: 10, functions: ["Sales", "Business Development"],
    titles: [["Sales Intern", "Intern"], ["Sales Development Representative", "Specialist"], ["Account Executive", "Specialist"], ["Senior Account Executive", "Senior"], ["Key Account Manager", "Senior"], ["Sales Manager", "Manager"], ["Head of Sales", "Head"], ["Regional Sales Director", "Director"], ["VP of Sales", "Vice President"], ["Chief Revenue Officer", "C-Level"]],
    skills: ["Salesforce", "Negotiation", "Lead Generation", "B2B Sales", "CRM", "Account Management", "Cold Calling", "Sales Strategy", "Business Development", "Pipeline Management"] },
  { role: "marketing", department: "Marketing", weight: 7, functions: ["Marketing", "Advertising", "Public Relations"],
    titles: [["Marketing Intern", "Intern"], ["Marketing Coordinator", "Specialist"], ["Content Strategist", "Specialist"], ["SEO Specialist", "Specialist"], ["Senior Marketing Specialist", "Senior"], ["Marketing Manager", "Manager"], ["Product Marketing Manager", "Manager"], ["Head of Marketing", "Head"], ["Marketing Director", "Director"], ["VP of Marketing", "Vice President"], ["Chief Marketing Officer", "C-Level"]],
    skills: ["SEO", "Content Marketing", "Google Analytics", "Social Media Marketing", "Copywriting", "HubSpot", "Brand Management", "Email Marketing", "Market Research", "Digital Marketing"] },
  { role: "finance", department: "Finance & Accounting", weight: 7, functions: ["Finance", "Accounting/Auditing"],
    titles: [["Finance Intern", "Intern"], ["Accountant", "Specialist"], ["Financial Analyst", "Specialist"], ["Senior Accountant", "Senior"], ["Senior Financial Analyst", "Senior"], ["Finance Manager", "Manager"], ["Controller", "Manager"], ["Head of Finance", "Head"], ["Finance Director", "Director"], ["VP of Finance", "Vice President"], ["Chief Financial Officer", "C-Level"]],
    skills: ["Financial Modeling", "Excel", "Accounting", "IFRS", "Budgeting", "SAP", "Auditing", "Forecasting", "Financial Reporting", "Corporate Finance"] },
  { role: "human resources", department: "Human Resources", weight: 5, functions: ["Human Resources", "Training"],
    titles: [["HR Intern", "Intern"], ["HR Coordinator", "Specialist"], ["Recruiter", "Specialist"], ["Talent Acquisition Specialist", "Specialist"], ["Senior Recruiter", "Senior"], ["HR Business Partner", "Senior"], ["HR Manager", "Manager"], ["Head of People", "Head"], ["HR Director", "Director"], ["Chief People Officer", "C-Level"]],
    skills: ["Recruiting", "Employee Relations", "Onboarding", "Workday", "Talent Management", "Compensation and Benefits", "Performance Management", "HR Policies", "Sourcing"] },
  { role: "product management", department: "Product", weight: 5, functions: ["Product Management", "Strategy/Planning"],
    titles: [["Product Intern", "Intern"], ["Associate Product Manager", "Specialist"], ["Product Manager", "Specialist"], ["Product Owner", "Specialist"], ["Senior Product Manager", "Senior"], ["Group Product Manager", "Manager"], ["Head of Product", "Head"], ["Director of Product", "Director"], ["VP of Product", "Vice President"], ["Chief Product Officer", "C-Level"]],
    skills: ["Product Management", "Roadmapping", "Agile", "Scrum", "User Research", "Jira", "A/B Testing", "Product Strategy", "Stakeholder Management"] },
  { role: "design", department: "Design", weight: 4, functions: ["Design", "Art/Creative"],
    titles: [["Design Intern", "Intern"], ["UX Designer", "Specialist"], ["UI Designer", "Specialist"], ["Graphic Designer", "Specialist"], ["Product Designer", "Specialist"], ["Senior Product Designer", "Senior"], ["Design Manager", "Manager"], ["Head of Design", "Head"], ["Design Director", "Director"]],
    skills: ["Figma", "Sketch", "User Experience", "Prototyping", "Adobe Photoshop", "Adobe Illustrator", "Design Systems", "Interaction Design", "Typography"] },
  { role: "operations", department: "Operations", weight: 6, functions: ["Operations", "Supply Chain", "Distribution"],
    titles: [["Operations Intern", "Intern"], ["Operations Analyst", "Specialist"], ["Logistics Coordinator", "Specialist"], ["Senior Operations Analyst", "Senior"], ["Operations Manager", "Manager"], ["Supply Chain Manager", "Manager"], ["Head of Operations", "Head"], ["Director of Operations", "Director"], ["VP of Operations", "Vice President"], ["Chief Operating Officer", "C-Level"]],
    skills: ["Supply Chain Management", "Lean Six Sigma", "Logistics", "Process Improvement", "ERP", "Inventory Management", "Procurement", "Vendor Management"] },
  { role: "health care", department: "Medical", weight: 5, functions: ["Health Care Provider", "Science"],
    titles: [["Medical Intern", "Intern"], ["Registered Nurse", "Specialist"], ["Pharmacist", "Specialist"], ["Clinical Research Associate", "Specialist"], ["Physician", "Senior"], ["Senior Nurse", "Senior"], ["Nurse Manager", "Manager"], ["Head of Clinical Operations", "Head"], ["Medical Director", "Director"], ["Chief Medical Officer", "C-Level"]],
    skills: ["Patient Care", "Clinical Research", "Healthcare", "Electronic Medical Records", "Pharmacology", "Basic Life Support", "Medical Devices", "Public Health"] },
  { role: "legal", department: "Legal", weight: 2, functions: ["Legal"],
    titles: [["Legal Intern", "Intern"], ["Paralegal", "Specialist"], ["Associate Attorney", "Specialist"], ["Legal Counsel", "Specialist"], ["Senior Counsel", "Senior"], ["Legal Manager", "Manager"], ["Head of Legal", "Head"], ["General Counsel", "C-Level"]],
    skills: ["Contract Law", "Litigation", "Compliance", "Corporate Law", "Legal Research", "Intellectual Property", "Data Privacy", "Mergers and Acquisitions"] },
  { role: "teaching", department: "Education", weight: 4, functions: ["Education", "Training"],
    titles: [["Teaching Assistant", "Intern"], ["Teacher", "Specialist"], ["Lecturer", "Specialist"], ["Senior Lecturer", "Senior"], ["Professor", "Senior"], ["Head of Department", "Head"], ["Principal", "Director"]],
    skills: ["Curriculum Development", "Teaching", "Classroom Management", "E-Learning", "Educational Technology", "Research", "Mentoring"] },
  { role: "consulting", department: "Consulting", weight: 4, functions: ["Consulting", "Strategy/Planning", "General Business"],
    titles: [["Consulting Intern", "Intern"], ["Business Analyst", "Specialist"], ["Consultant", "Specialist"], ["Senior Consultant", "Senior"], ["Engagement Manager", "Manager"], ["Principal Consultant", "Head"], ["Consulting Director", "Director"], ["Partner", "Partner"]],
    skills: ["Strategy", "Business Analysis", "Stakeholder Management", "PowerPoint", "Change Management", "Management Consulting", "Business Process Improvement"] },
  { role: "customer success", department: "Customer Service", weight: 4, functions: ["Customer Service"],
    titles: [["Customer Support Intern", "Intern"], ["Customer Support Specialist", "Specialist"], ["Customer Success Manager", "Specialist"], ["Senior Customer Success Manager", "Senior"], ["Support Team Lead", "Manager"], ["Head of Customer Experience", "Head"], ["Director of Customer Success", "Director"]],
    skills: ["Customer Service", "Zendesk", "Customer Retention", "Customer Experience", "Troubleshooting", "Client Relations"] },
  { role: "project management", department: "Project Management", weight: 4, functions: ["Project Management"],
    titles: [["Project Coordinator", "Specialist"], ["Project Manager", "Manager"], ["Senior Project Manager", "Senior"], ["Program Manager", "Manager"], ["Head of PMO", "Head"], ["PMO Director", "Director"]],
    skills: ["Project Planning", "Risk Management", "Agile", "MS Project", "Budget Management", "Scrum", "Resource Planning"] },
  { role: "skilled trades", department: "Trades", weight: 3, functions: ["Manufacturing", "Quality Assurance"],
    titles: [["Apprentice Electrician", "Intern"], ["Electrician", "Specialist"], ["Plumber", "Specialist"], ["Maintenance Technician", "Specialist"], ["Senior Technician", "Senior"], ["Site Supervisor", "Manager"], ["Workshop Owner", "Owner"]],
    skills: ["Electrical Wiring", "Preventive Maintenance", "Health and Safety", "Blueprint Reading", "Welding", "HVAC"] },
  { role: "real estate", department: "Real Estate", weight: 2, functions: ["Sales", "Other"],
    titles: [["Leasing Consultant", "Specialist"], ["Real Estate Agent", "Specialist"], ["Senior Real Estate Agent", "Senior"], ["Property Manager", "Manager"], ["Real Estate Broker", "Owner"]],
    skills: ["Property Management", "Real Estate Transactions", "Negotiation", "Market Analysis", "Leasing"] },
  { role: "administration", department: "Administrative", weight: 4, functions: ["Administrative"],
    titles: [["Office Assistant", "Specialist"], ["Administrative Assistant", "Specialist"], ["Executive Assistant", "Senior"], ["Office Manager", "Manager"]],
    skills: ["Microsoft Office", "Scheduling", "Office Administration", "Travel Planning", "Data Entry", "Bookkeeping"] },
  { role: "general management", department: "General Management", weight: 2, functions: ["Management", "General Business"],
    titles: [["Management Trainee", "Intern"], ["Business Manager", "Manager"], ["General Manager", "Head"], ["Managing Director", "Director"], ["President", "President/Vice President"]],
    skills: ["Leadership", "Strategic Planning", "P&L Management", "Team Building", "Operations Management"] },
  { role: "executive leadership", department: "C-Suite", weight: 2, functions: ["Management", "Strategy/Planning"],
    titles: [["Chief Executive Officer", "C-Level"], ["Co-Founder", "Founder"], ["Founder", "Founder"], ["Owner", "Owner"], ["Managing Partner", "Partner"]],
    skills: ["Leadership", "Entrepreneurship", "Fundraising", "Strategic Partnerships", "Board Relations"] },
];

export const GENERAL_SKILLS = [
  "Communication", "Teamwork", "Problem Solving", "Leadership", "Time Management", "Microsoft Excel", "Public Speaking",
  "Critical Thinking", "Project Management", "Presentation Skills", "Research", "Negotiation",
];

export const CERTIFICATIONS = [
  "AWS Certified Solutions Architect", "Project Management Professional", "Certified Public Accountant", "Chartered Financial Analyst",
  "Certified ScrumMaster", "Google Analytics Certification", "Certified Information Systems Security Professional",
  "Six Sigma Green Belt", "SHRM Certified Professional", "ITIL Foundation", "Microsoft Certified Azure Fundamentals",
  "Certified Kubernetes Administrator", "Salesforce Certified Administrator", "Tableau Desktop Specialist",
  "Google Cloud Professional Data Engineer", "PRINCE2 Practitioner", "Certified Ethical Hacker", "HubSpot Inbound Marketing",
  "Registered Nurse License", "Lean Practitioner",
];

export const COURSES = [
  "Machine Learning", "Financial Accounting", "Negotiation Skills", "Public Speaking", "Data Structures and Algorithms",
  "Corporate Finance", "Organizational Behavior", "Digital Marketing Fundamentals", "Introduction to Psychology",
  "Operations Management", "Business Law", "Statistics for Data Science", "Cloud Architecture", "Leadership Essentials",
  "User Experience Design", "Supply Chain Fundamentals", "Agile Project Management", "Microeconomics", "Macroeconomics",
  "Design Thinking",
];

export const AWARDS = [
  "Employee of the Year", "President's Club", "Dean's List", "Best Paper Award", "Hackathon Winner", "Top Performer",
  "Innovation Award", "Customer Champion Award", "Rising Star Award", "Leadership Excellence Award", "Sales Achiever Award",
  "Outstanding Teaching Award",
];

export const MAJORS = [
  "Computer Science", "Software Engineering", "Electrical Engineering", "Mechanical Engineering", "Civil Engineering",
  "Business Administration", "Finance", "Accounting", "Economics", "Marketing", "Statistics", "Mathematics", "Physics",
  "Chemistry", "Biology", "Nursing", "Medicine", "Pharmacy", "Law", "Psychology", "Sociology", "Political Science",
  "Communications", "Journalism", "English Literature", "History", "Graphic Design", "Architecture", "Education",
  "Human Resources Management", "Information Systems", "Data Science", "Industrial Engineering", "International Relations",
  "Public Health",
];

/** Ordinal of degree_level (§2.2 Education: "Ordinals and years"), lowest to highest, with the degree names records show. */
export const DEGREES: readonly { readonly level: number; readonly name: string }[] = [
  { level: 1, name: "Associate's degree" },
  { level: 2, name: "Bachelor's degree" },
  { level: 3, name: "Master's degree" },
  { level: 4, name: "Doctorate" },
];

/** Ordinal bands of company_size_range and size_range ("an ordinal band and compares as a number", §2.2). */
export const SIZE_BANDS: readonly { readonly band: number; readonly label: string; readonly min: number; readonly max: number }[] = [
  { band: 1, label: "1-10", min: 1, max: 10 },
  { band: 2, label: "11-50", min: 11, max: 50 },
  { band: 3, label: "51-200", min: 51, max: 200 },
  { band: 4, label: "201-500", min: 201, max: 500 },
  { band: 5, label: "501-1000", min: 501, max: 1000 },
  { band: 6, label: "1001-5000", min: 1001, max: 5000 },
  { band: 7, label: "5001-10000", min: 5001, max: 10000 },
  { band: 8, label: "10001+", min: 10001, max: Number.MAX_SAFE_INTEGER },
];

export function sizeBand(employees: number): number {
  return SIZE_BANDS.find((b) => employees <= b.max)?.band ?? SIZE_BANDS.length;
}

/**
 * A company's own industry (the long vocabulary of §2.3 notes) and the one of the twenty person-experience
 * industries of §2.3 it falls under.
 */
export const COMPANY_INDUSTRIES: readonly (readonly [companyIndustry: string, personIndustry: string])[] = [
  ["Software Development", "Technology, Information and Media"],
  ["IT Services and IT Consulting", "Technology, Information and Media"],
  ["Computer and Network Security", "Technology, Information and Media"],
  ["Internet Publishing", "Technology, Information and Media"],
  ["Telecommunications", "Technology, Information and Media"],
  ["Data Infrastructure and Analytics", "Technology, Information and Media"],
  ["Media Production", "Technology, Information and Media"],
  ["Banking", "Financial Services"],
  ["Insurance", "Financial Services"],
  ["Investment Management", "Financial Services"],
  ["Venture Capital and Private Equity Principals", "Financial Services"],
  ["Capital Markets", "Financial Services"],
  ["Hospitals and Health Care", "Hospitals and Health Care"],
  ["Medical Practices", "Hospitals and Health Care"],
  ["Mental Health Care", "Hospitals and Health Care"],
  ["Pharmaceutical Manufacturing", "Manufacturing"],
  ["Motor Vehicle Manufacturing", "Manufacturing"],
  ["Food and Beverage Manufacturing", "Manufacturing"],
  ["Machinery Manufacturing", "Manufacturing"],
  ["Semiconductor Manufacturing", "Manufacturing"],
  ["Aviation and Aerospace Component Manufacturing", "Manufacturing"],
  ["Accounting", "Professional Services"],
  ["Legal Services", "Professional Services"],
  ["Business Consulting and Services", "Professional Services"],
  ["Advertising Services", "Professional Services"],
  ["Architecture and Planning", "Professional Services"],
  ["Biotechnology Research", "Professional Services"],
  ["Staffing and Recruiting", "Professional Services"],
  ["Market Research", "Professional Services"],
  ["Retail Apparel and Fashion", "Retail"],
  ["Retail Groceries", "Retail"],
  ["Online and Mail Order Retail", "Retail"],
  ["Higher Education", "Education"],
  ["Primary and Secondary Education", "Education"],
  ["E-Learning Providers", "Education"],
  ["Civil Engineering", "Construction"],
  ["Building Construction", "Construction"],
  ["Truck Transportation", "Transportation, Logistics, Supply Chain and Storage"],
  ["Airlines and Aviation", "Transportation, Logistics, Supply Chain and Storage"],
  ["Freight and Package Transportation", "Transportation, Logistics, Supply Chain and Storage"],
  ["Warehousing and Storage", "Transportation, Logistics, Supply Chain and Storage"],
  ["Renewable Energy Power Generation", "Utilities"],
  ["Electric Power Generation", "Utilities"],
  ["Oil and Gas", "Oil, Gas, and Mining"],
  ["Mining", "Oil, Gas, and Mining"],
  ["Government Administration", "Government Administration"],
  ["Public Policy Offices", "Government Administration"],
  ["Hotels and Motels", "Accommodation Services"],
  ["Restaurants", "Accommodation Services"],
  ["Wholesale Import and Export", "Wholesale"],
  ["Leasing Non-residential Real Estate", "Real Estate and Equipment Rental Services"],
  ["Real Estate", "Real Estate and Equipment Rental Services"],
  ["Facilities Services", "Administrative and Support Services"],
  ["Translation and Localization", "Administrative and Support Services"],
  ["Events Services", "Administrative and Support Services"],
  ["Wellness and Fitness Services", "Consumer Services"],
  ["Non-profit Organizations", "Consumer Services"],
  ["Spectator Sports", "Entertainment Providers"],
  ["Museums, Historical Sites, and Zoos", "Entertainment Providers"],
  ["Farming", "Farming, Ranching, Forestry"],
  ["Forestry and Logging", "Farming, Ranching, Forestry"],
  ["Holding Companies", "Holding Companies"],
];

export const COMPANY_KEYWORDS = [
  "SaaS", "B2B", "Cloud Computing", "Fintech", "E-commerce", "Artificial Intelligence", "Cybersecurity", "Healthcare IT",
  "Marketplace", "Mobile Apps", "Analytics", "Sustainability", "Renewable Energy", "Logistics", "Payments", "Insurtech",
  "Edtech", "Biotech", "Consulting", "Manufacturing", "Retail", "Hospitality", "Real Estate", "Media", "Advertising",
  "Open Source", "Developer Tools", "Internet of Things", "Robotics", "Blockchain", "Consumer Goods", "Automotive",
  "Telecommunications", "Recruiting", "Human Resources", "Legal Tech", "Travel", "Food Delivery", "Gaming", "Security",
];

/** §2.6: "One of seven levels, from Internship to Executive"; the middle five are the reference's choice. */
export const SENIORITIES = ["Internship", "Entry level", "Associate", "Mid-Senior level", "Manager", "Director", "Executive"] as const;
/** §2.6: "One of seven values, from Full-time to Volunteer"; the middle five are the reference's choice. */
export const EMPLOYMENT_TYPES = ["Full-time", "Part-time", "Contract", "Temporary", "Internship", "Other", "Volunteer"] as const;

export const COMPANY_TYPES = [
  "Privately Held", "Public Company", "Nonprofit", "Educational", "Partnership", "Self-Employed", "Government Agency", "Sole Proprietorship",
];

export const STOCK_EXCHANGES = ["NASDAQ", "NYSE", "London Stock Exchange", "Euronext Paris", "Deutsche Börse", "Tokyo Stock Exchange", "Toronto Stock Exchange"];

export const PROFICIENCIES = [
  "Elementary proficiency",
  "Limited working proficiency",
  "Professional working proficiency",
  "Full professional proficiency",
  "Native or bilingual proficiency",
] as const;

export const SALARY_UNITS = ["YEAR", "MONTH", "HOUR"] as const;
