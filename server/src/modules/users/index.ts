/** What other features may take from users/ (the layer rules allow no deeper import). */
export { RegisterBody } from './dto/register.body';
export { toUserInfo } from './dto/user.response';
export { UsersModule } from './users.module';
export { UsersService } from './users.service';
