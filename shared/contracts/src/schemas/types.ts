/** Static types of the schemas; type-only, so importing them costs a bundle nothing. */
import type { Static } from 'typebox';
import type * as S from './index';

export type User = Static<typeof S.UserSchema>;
export type PublicUser = Static<typeof S.PublicUserSchema>;
export type UserCreateInput = Static<typeof S.UserCreateBody>;
export type UserUpdateInput = Static<typeof S.UserUpdateBody>;
export type UserCreated = Static<typeof S.UserCreatedSchema>;
export type UsersListInput = Static<typeof S.UsersListBody>;
export type ChangeStatusInput = Static<typeof S.ChangeStatusBody>;
export type ChangePasswordInput = Static<typeof S.ChangePasswordBody>;
export type Role = Static<typeof S.RoleSchema>;
export type ActiveRoutes = Static<typeof S.ActiveRoutesSchema>;
export type LoginInput = Static<typeof S.LoginBody>;
export type LoginResult = Static<typeof S.LoginResponse>;
export type RecoverPasswordInput = Static<typeof S.RecoverPasswordBody>;
export type ResetPasswordInput = Static<typeof S.ResetPasswordBody>;
export type ResetLink = Static<typeof S.ResetLinkSchema>;
export type FirstAccessInput = Static<typeof S.FirstAccessBody>;
export type VerifyCodeInput = Static<typeof S.VerifyCodeBody>;
export type ResendCodeInput = Static<typeof S.ResendCodeBody>;
export type SeoEntry = Static<typeof S.SeoEntrySchema>;
export type PublicSeo = Static<typeof S.PublicSeoSchema>;
export type SeoCreateInput = Static<typeof S.SeoCreateBody>;
export type SeoUpdateInput = Static<typeof S.SeoUpdateBody>;

export interface Envelope<T> {
  data: T;
  message?: string;
}
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export type Me = Static<typeof S.MeSchema>;
export type RemotesConfig = Static<typeof S.RemotesConfigSchema>;

export type Image = Static<typeof S.ImageSchema>;
export type Category = Static<typeof S.CategorySchema>;
export type CategoryChip = Static<typeof S.CategoryChipSchema>;
export type CategoryNames = Static<typeof S.CategoryNamesSchema>;
export type CategoryDescriptions = Static<typeof S.CategoryDescriptionsSchema>;
export type PublicCategory = Static<typeof S.PublicCategorySchema>;
export type AuthorCard = Static<typeof S.AuthorCardSchema>;
export type ArticleCard = Static<typeof S.ArticleCardSchema>;
export type Article = Static<typeof S.ArticleSchema>;
export type ArticleStatus = Article['status'];
export type ArticleCreateInput = Static<typeof S.ArticleCreateBody>;
export type ArticleUpdateInput = Static<typeof S.ArticleUpdateBody>;
export type ArticleAutosaveInput = Static<typeof S.ArticleAutosaveBody>;
export type ArticlesListInput = Static<typeof S.ArticlesListBody>;
export type Revision = Static<typeof S.RevisionSchema>;
export type ArticleTranslation = Static<typeof S.ArticleTranslationSchema>;
export type ArticleTranslationInput = Static<typeof S.ArticleTranslationBody>;
export type TranslationSummary = Static<typeof S.TranslationSummarySchema>;
export type ContentState = (typeof S.CONTENT_STATES)[number];
export type CategoryCreateInput = Static<typeof S.CategoryCreateBody>;
export type CategoryUpdateInput = Static<typeof S.CategoryUpdateBody>;
export type CategoriesListInput = Static<typeof S.CategoriesListBody>;
export type HomeSections = Static<typeof S.HomeSectionsSchema>;
export type PublicArticlesInput = Static<typeof S.PublicArticlesQuery>;
export type SearchInput = Static<typeof S.SearchQuery>;
export type SearchPage = Static<typeof S.SearchPageSchema>;
export type PublicArticle = Static<typeof S.PublicArticleSchema>;
export type AuthorProfile = Static<typeof S.AuthorProfileSchema>;

export type ContactMessageInput = Static<typeof S.ContactMessageBody>;
export type SiteContact = Static<typeof S.SiteContactSchema>;
export type SiteInfo = Static<typeof S.SiteInfoSchema>;
export type SocialLink = Static<typeof S.SocialLinkSchema>;
export type SiteSettings = Static<typeof S.SiteSettingsSchema>;
export type SiteSettingsInput = Static<typeof S.SiteSettingsBody>;
export type SiteIdentity = Static<typeof S.SiteIdentitySchema>;
export type ReceivedMessage = Static<typeof S.ReceivedMessageSchema>;
export type MessageReply = Static<typeof S.MessageReplySchema>;
export type ReceivedMessageDetail = Static<typeof S.ReceivedMessageDetailSchema>;
export type MessagesListInput = Static<typeof S.MessagesListBody>;
export type MessageCounts = Static<typeof S.MessageCountsSchema>;
export type SpamGuardCounts = Static<typeof S.SpamGuardCountsSchema>;
export type NewsletterSubscribeInput = Static<typeof S.NewsletterSubscribeBody>;
export type NewsletterSubscription = Static<typeof S.NewsletterSubscriptionSchema>;
export type NewsletterUnsubscribeInput = Static<typeof S.NewsletterUnsubscribeBody>;
export type DigestSend = Static<typeof S.DigestSendSchema>;
export type DigestFailure = Static<typeof S.DigestFailureSchema>;
export type DigestPreview = Static<typeof S.DigestPreviewSchema>;
export type DigestSettingsValue = Static<typeof S.DigestSettingsSchema>;
export type Lead = Static<typeof S.LeadSchema>;
export type LeadsListInput = Static<typeof S.LeadsListBody>;
export type LeadsExportInput = Static<typeof S.LeadsExportQuery>;
export type UnsubscribeReasonCount = Static<typeof S.UnsubscribeReasonCountSchema>;
export type WhatsappButton = Static<typeof S.WhatsappButtonSchema>;
export type WhatsappSettings = Static<typeof S.WhatsappSettingsSchema>;
export type FaqEntry = Static<typeof S.FaqEntrySchema>;
export type PublicFaqEntry = Static<typeof S.PublicFaqEntrySchema>;
export type FaqTranslations = Static<typeof S.FaqQuestionsSchema>;
export type FaqPage = Static<typeof S.FaqPageSchema>;
export type FaqCreateInput = Static<typeof S.FaqCreateBody>;
export type FaqUpdateInput = Static<typeof S.FaqUpdateBody>;
export type DashboardReport = Static<typeof S.DashboardReportSchema>;
export type DashboardQueryInput = Static<typeof S.DashboardQuery>;
export type AuditEntry = Static<typeof S.AuditEntrySchema>;
export type AuditLogInput = Static<typeof S.AuditLogQuery>;
export type WebhookEndpoint = Static<typeof S.WebhookEndpointSchema>;
export type WebhookEndpointWithSecret = Static<typeof S.WebhookEndpointWithSecretSchema>;
export type WebhookEndpointBodyInput = Static<typeof S.WebhookEndpointBody>;
export type WebhookDelivery = Static<typeof S.WebhookDeliverySchema>;
export type WelcomeText = Static<typeof S.WelcomeTextSchema>;
export type WelcomeTexts = Static<typeof S.WelcomeTextsSchema>;
export type WelcomeSettings = Static<typeof S.WelcomeSettingsSchema>;
export type WelcomePreviewInput = Static<typeof S.WelcomePreviewBody>;
export type WelcomePreview = Static<typeof S.WelcomePreviewSchema>;

export type Release = Static<typeof S.ReleaseSchema>;
export type RemoteReleases = Static<typeof S.RemoteReleasesSchema>;
