import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Flag, RecordId, Trimmed } from '../../../common/admin-input';
import {
  OIDC_CLIENT_ID_MAX,
  OIDC_CLIENT_SECRET_MAX,
  OIDC_ISSUER_MAX,
  OIDC_KINDS,
  OIDC_NAME_MAX,
  type OidcKind,
  type OidcConnectBody,
  type OidcIdentityIdBody,
  type OidcLinkBody,
  type SaveOidcProviderBody,
} from '../../../contracts/oidc';

const REQUIRED = '请填写所有必填项';
const PASSWORD = 'please enter the current password';

/** POST admin/save_oidc_provider.php. */
export class SaveOidcProviderDto implements SaveOidcProviderBody {
  @IsOptional()
  @RecordId('无效的登录方式ID')
  id?: number;

  @IsOptional()
  @IsIn(OIDC_KINDS, { message: '类型只能是 oidc 或 github' })
  kind?: OidcKind;

  @Trimmed()
  @MaxLength(OIDC_NAME_MAX, { message: `名称过长（最多 ${OIDC_NAME_MAX} 个字符）` })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  name: string;

  @Trimmed()
  @MaxLength(OIDC_ISSUER_MAX, { message: `Issuer 过长（最多 ${OIDC_ISSUER_MAX} 个字符）` })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  issuer: string;

  @Trimmed()
  @MaxLength(OIDC_CLIENT_ID_MAX, {
    message: `Client ID 过长（最多 ${OIDC_CLIENT_ID_MAX} 个字符）`,
  })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  client_id: string;

  @IsOptional()
  @MaxLength(OIDC_CLIENT_SECRET_MAX, {
    message: `Client Secret 过长（最多 ${OIDC_CLIENT_SECRET_MAX} 个字符）`,
  })
  @IsString({ message: 'Client Secret 必须是文本' })
  client_secret?: string;

  @IsOptional()
  @Flag()
  @IsIn([0, 1], { message: '状态只能是 0 或 1' })
  enabled?: 0 | 1;
}

/** POST admin/delete_oidc_provider.php. */
export class OidcProviderIdDto {
  @RecordId('无效的登录方式ID')
  id: number;
}

/** POST oidc_link.php. */
export class OidcLinkDto implements OidcLinkBody {
  @MaxLength(2000, { message: 'ticket must be the one the sign-in answered' })
  @IsNotEmpty({ message: 'ticket must be the one the sign-in answered' })
  @IsString({ message: 'ticket must be the one the sign-in answered' })
  ticket: string;

  @IsNotEmpty({ message: PASSWORD })
  @IsString({ message: PASSWORD })
  current_password: string;
}

/** POST user/oidc_connect.php. */
export class OidcConnectDto implements OidcConnectBody {
  @RecordId('provider_id must be a positive integer')
  provider_id: number;

  @IsNotEmpty({ message: PASSWORD })
  @IsString({ message: PASSWORD })
  current_password: string;

  /** The user-centre page to come back to (a path on this site). */
  @IsOptional()
  @MaxLength(500, { message: 'return_to must be a path on this site' })
  @IsString({ message: 'return_to must be a path on this site' })
  return_to?: string;
}

/** POST user/delete_identity.php. */
export class OidcIdentityIdDto implements OidcIdentityIdBody {
  @RecordId('id must be a positive integer')
  id: number;
}
