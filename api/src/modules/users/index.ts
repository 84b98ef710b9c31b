/** Users (modules/users): the caller's account, and the user lookups other modules share. */
export { createUsersRouter } from './users.router';
export { createUsersService, toUserDto, type UsersService } from './users.service';
export { storedAddressSchema, cartSchema } from './users.schemas';
export * from './users.repository';
