export { mockHttp, ok, type HttpCall, type HttpReply } from '@vitrine/core/testing';
