/* design.c -- the baseline design. */
#include "design.h"

#include <string.h>

void design_default(design_t *d)
{
	memset(d, 0, sizeof *d);
	d->llc_scale = 1.0;
	d->mem_clock_scale = 1.0;
	d->gate_idle = 0;
	d->dcl1_org = DCL1_BASE;
	d->dcl1_clusters = 1;
	d->dcl1_gran = 1;
	d->fuse_cfg = FUSE_SRAM;
	d->fuse_sram_frac = 1.0;
	d->fuse_stt_org = STT_SETASSOC;
	d->fuse_pred_acc = 0.95;   /* FUSE §V: 95% average accuracy */
	d->fuse_placement = FUSE_PLACEMENT_CFG;
	d->fuse_migrate = 1;       /* FUSE §III-A */
	d->mor_impl = MOR_RF_L1;   /* Morpheus §5: the chosen RF+L1 mix */
	d->mor_pred = MOR_PRED_BLOOM;
	d->rfc_sthld = 0;
	d->rfc_rthld = 12;         /* Malekeh Table I */
	d->rfc_entries = 8;        /* Malekeh §III-C: 6 OCU slots + 2 */
	d->rfc_ccus = 2;           /* Malekeh Table I: 2 OCUs per sub-core */
	d->rfc_priority = RFC_PRIO_MALEKEH;
}
