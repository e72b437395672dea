import { REDEEM_BATCH_FIELDS } from '../../../contracts/redeem';
import { dtoFields } from '../../../../test/dto-fields';
import { CreateRedeemBatchDto } from './redeem.dto';

// The batch form's field list is what the client test walks, field by field, onto its controls.
describe('the redeem batch form’s fields', () => {
  it('are exactly the fields create_redeem_batch.php reads', () => {
    expect(dtoFields(CreateRedeemBatchDto)).toEqual([...REDEEM_BATCH_FIELDS].sort());
  });
});
