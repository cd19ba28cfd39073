// SigV4 against the worked example of the AWS S3 documentation ('GET Object' with a Range header,
// examplebucket, 2013-05-24): the signature must match the documented one exactly.
import { describe, expect, it } from 'vitest';
import { signV4, s3ConfigFrom } from './s3';

describe('signV4', () => {
  it('reproduces the documented GET Object example', () => {
    const auth = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('is configured by S3_BUCKET and refuses to start half configured', () => {
    expect(s3ConfigFrom({})).toBeNull();
    expect(() => s3ConfigFrom({ S3_BUCKET: 'b' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(s3ConfigFrom({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://127.0.0.1:9000/' })).toEqual({
      endpoint: 'http://127.0.0.1:9000', bucket: 'b', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 's',
    });
  });
});
