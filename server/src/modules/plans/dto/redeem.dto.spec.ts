import { REDEEM_BATCH_FIELDS, REDEEM_CODE_FIELDS } from '../../../contracts/redeem';
import { dtoFields } from '../../../../test/dto-fields';
import { CreateRedeemBatchDto, RedeemCodeDto } from './redeem.dto';

// The batch form's field list is what the client test walks, field by field, onto its controls.
describe('the redeem batch form’s fields', () => {
  it('are exactly the fields create_redeem_batch.php reads', () => {
    expect(dtoFields(CreateRedeemBatchDto)).toEqual([...REDEEM_BATCH_FIELDS].sort());
  });
});

// The recharge centre's code field takes every refusal of this list.
describe('the redeem form’s fields', () => {
  it('are exactly the fields redeem_code.php reads', () => {
    expect(dtoFields(RedeemCodeDto)).toEqual([...REDEEM_CODE_FIELDS].sort());
  });
});
