"""Contains all the data models used in inputs/outputs"""

from .api_key_create import ApiKeyCreate
from .api_key_create_scopes_item import ApiKeyCreateScopesItem
from .api_key_created import ApiKeyCreated
from .api_key_list import ApiKeyList
from .api_key_read import ApiKeyRead
from .audit_bundle import AuditBundle
from .audit_link import AuditLink
from .audit_link_record_type_0 import AuditLinkRecordType0
from .audit_link_stored_type_0 import AuditLinkStoredType0
from .campaign_change import CampaignChange
from .campaign_change_settings import CampaignChangeSettings
from .campaign_create import CampaignCreate
from .campaign_create_ruleset import CampaignCreateRuleset
from .campaign_create_settings_type_0 import CampaignCreateSettingsType0
from .campaign_export import CampaignExport
from .campaign_export_audit_item import CampaignExportAuditItem
from .campaign_list import CampaignList
from .campaign_part import CampaignPart
from .campaign_part_ruleset import CampaignPartRuleset
from .campaign_part_settings import CampaignPartSettings
from .campaign_read import CampaignRead
from .campaign_read_role import CampaignReadRole
from .campaign_read_ruleset import CampaignReadRuleset
from .campaign_read_settings import CampaignReadSettings
from .campaign_update import CampaignUpdate
from .campaign_update_settings_type_0 import CampaignUpdateSettingsType0
from .campaign_updated_event import CampaignUpdatedEvent
from .character_create import CharacterCreate
from .character_deleted import CharacterDeleted
from .character_deleted_event import CharacterDeletedEvent
from .character_event import CharacterEvent
from .character_event_type import CharacterEventType
from .character_list import CharacterList
from .character_part import CharacterPart
from .character_part_sheet import CharacterPartSheet
from .character_read import CharacterRead
from .character_update import CharacterUpdate
from .choice_body import ChoiceBody
from .choice_body_choice import ChoiceBodyChoice
from .client_seed_body import ClientSeedBody
from .contest_create import ContestCreate
from .contest_event import ContestEvent
from .contest_list import ContestList
from .contest_part import ContestPart
from .contest_part_data import ContestPartData
from .contest_part_status import ContestPartStatus
from .contest_read import ContestRead
from .contest_read_status import ContestReadStatus
from .contest_read_winner_type_0 import ContestReadWinnerType0
from .contest_round_read import ContestRoundRead
from .contest_round_read_winner_type_0 import ContestRoundReadWinnerType0
from .contest_side import ContestSide
from .contests_list_status_type_0 import ContestsListStatusType0
from .counters import Counters
from .d20_abilities import D20Abilities
from .d20_odds import D20Odds
from .d20_save_result import D20SaveResult
from .d20_save_result_critical_type_0 import D20SaveResultCriticalType0
from .d20_save_result_mode import D20SaveResultMode
from .d20_test_result import D20TestResult
from .d20_test_result_critical_type_0 import D20TestResultCriticalType0
from .d20_test_result_mode import D20TestResultMode
from .damage_answer import DamageAnswer
from .damage_body import DamageBody
from .damage_body_type import DamageBodyType
from .damage_result import DamageResult
from .damage_result_type import DamageResultType
from .delegation_create import DelegationCreate
from .delegation_create_scopes_item import DelegationCreateScopesItem
from .delegation_list import DelegationList
from .delegation_read import DelegationRead
from .delegation_read_scopes_item import DelegationReadScopesItem
from .deleted import Deleted
from .delivery_list import DeliveryList
from .delivery_read import DeliveryRead
from .delivery_read_outcome import DeliveryReadOutcome
from .derived_3d6 import Derived3D6
from .derived_d20 import DerivedD20
from .derived_matrix import DerivedMatrix
from .derived_matrix_stats import DerivedMatrixStats
from .die_read import DieRead
from .die_read_sides_type_1 import DieReadSidesType1
from .event_list import EventList
from .event_part import EventPart
from .event_part_data import EventPartData
from .event_part_visibility import EventPartVisibility
from .event_read import EventRead
from .event_read_data import EventReadData
from .face_histogram import FaceHistogram
from .fairness_part import FairnessPart
from .fairness_read import FairnessRead
from .fairness_rotated_event import FairnessRotatedEvent
from .field_error import FieldError
from .formula_annotation import FormulaAnnotation
from .formula_body import FormulaBody
from .formula_body_visibility import FormulaBodyVisibility
from .formula_odds import FormulaOdds
from .formula_odds_totals import FormulaOddsTotals
from .formula_result import FormulaResult
from .grant_body import GrantBody
from .grant_create import GrantCreate
from .grant_event import GrantEvent
from .grant_event_type import GrantEventType
from .grant_list import GrantList
from .grant_part import GrantPart
from .grant_part_status import GrantPartStatus
from .grant_read import GrantRead
from .grant_read_status import GrantReadStatus
from .group_create import GroupCreate
from .group_event import GroupEvent
from .group_event_type import GroupEventType
from .group_list import GroupList
from .group_member import GroupMember
from .group_member_read import GroupMemberRead
from .group_read import GroupRead
from .group_read_status import GroupReadStatus
from .group_roll_part import GroupRollPart
from .group_roll_part_data import GroupRollPartData
from .group_roll_part_status import GroupRollPartStatus
from .health_live_response_health_live import HealthLiveResponseHealthLive
from .health_ready_response_health_ready import HealthReadyResponseHealthReady
from .imported_campaign import ImportedCampaign
from .imported_campaign_settings import ImportedCampaignSettings
from .invite_accepted import InviteAccepted
from .invite_accepted_role import InviteAcceptedRole
from .invite_create import InviteCreate
from .invite_create_role import InviteCreateRole
from .invite_read import InviteRead
from .invite_read_role import InviteReadRole
from .matrix_columns import MatrixColumns
from .matrix_counters import MatrixCounters
from .matrix_margins import MatrixMargins
from .matrix_margins_below_difficulty import MatrixMarginsBelowDifficulty
from .matrix_margins_failure import MatrixMarginsFailure
from .matrix_margins_success import MatrixMarginsSuccess
from .matrix_odds import MatrixOdds
from .matrix_rows import MatrixRows
from .matrix_states import MatrixStates
from .matrix_test_result import MatrixTestResult
from .member_event import MemberEvent
from .member_event_type import MemberEventType
from .member_gone import MemberGone
from .member_left_event import MemberLeftEvent
from .member_list import MemberList
from .member_part import MemberPart
from .member_part_role import MemberPartRole
from .member_read import MemberRead
from .member_read_role import MemberReadRole
from .member_role import MemberRole
from .member_role_role import MemberRoleRole
from .member_update import MemberUpdate
from .member_update_role import MemberUpdateRole
from .message_create import MessageCreate
from .message_created_event import MessageCreatedEvent
from .message_deleted_event import MessageDeletedEvent
from .message_erased import MessageErased
from .message_list import MessageList
from .message_read import MessageRead
from .new_seed import NewSeed
from .other_event import OtherEvent
from .other_event_data import OtherEventData
from .overview_read import OverviewRead
from .pending_round_read import PendingRoundRead
from .placeholder import Placeholder
from .problem import Problem
from .problem_type_read import ProblemTypeRead
from .progress_read import ProgressRead
from .progress_read_status import ProgressReadStatus
from .request_answer import RequestAnswer
from .request_answer_on_partial_type_0 import RequestAnswerOnPartialType0
from .request_change import RequestChange
from .reroll_body import RerollBody
from .reroll_cite import RerollCite
from .reroll_cite_source import RerollCiteSource
from .resolve_body import ResolveBody
from .resolve_body_decision import ResolveBodyDecision
from .roll_3d6_odds import Roll3D6Odds
from .roll_3d6_odds_outcomes import Roll3D6OddsOutcomes
from .roll_3d6_odds_successes import Roll3D6OddsSuccesses
from .roll_3d6_reroll import Roll3D6Reroll
from .roll_3d6_reroll_source import Roll3D6RerollSource
from .roll_3d6_test_result import Roll3D6TestResult
from .roll_3d6_test_result_choice_type_0 import Roll3D6TestResultChoiceType0
from .roll_3d6_test_result_outcome import Roll3D6TestResultOutcome
from .roll_event import RollEvent
from .roll_event_type import RollEventType
from .roll_list import RollList
from .roll_part import RollPart
from .roll_part_dice_item import RollPartDiceItem
from .roll_part_odds import RollPartOdds
from .roll_part_proof_item import RollPartProofItem
from .roll_part_result import RollPartResult
from .roll_part_ruleset import RollPartRuleset
from .roll_part_state import RollPartState
from .roll_part_status import RollPartStatus
from .roll_part_visibility import RollPartVisibility
from .roll_read import RollRead
from .roll_read_effects_item import RollReadEffectsItem
from .roll_read_kind import RollReadKind
from .roll_read_proof_item import RollReadProofItem
from .roll_read_status import RollReadStatus
from .roll_read_visibility import RollReadVisibility
from .roll_request_create import RollRequestCreate
from .roll_request_create_kind import RollRequestCreateKind
from .roll_request_create_visibility import RollRequestCreateVisibility
from .roll_request_event import RollRequestEvent
from .roll_request_event_type import RollRequestEventType
from .roll_request_list import RollRequestList
from .roll_request_read import RollRequestRead
from .roll_request_read_kind import RollRequestReadKind
from .roll_request_read_status import RollRequestReadStatus
from .roll_request_read_visibility import RollRequestReadVisibility
from .roll_requests_list_status_type_0 import RollRequestsListStatusType0
from .rolls_list_kind_type_0 import RollsListKindType0
from .rolls_list_status_type_0 import RollsListStatusType0
from .rolls_stats_by import RollsStatsBy
from .round_body import RoundBody
from .round_read import RoundRead
from .round_side import RoundSide
from .save_body import SaveBody
from .save_body_visibility import SaveBodyVisibility
from .seed_part import SeedPart
from .seed_read import SeedRead
from .seed_rotation import SeedRotation
from .sheet_3d6 import Sheet3D6
from .sheet_3d6_qualities import Sheet3D6Qualities
from .sheet_d20 import SheetD20
from .sheet_matrix import SheetMatrix
from .stats_item import StatsItem
from .stats_read import StatsRead
from .stats_read_by import StatsReadBy
from .target_read import TargetRead
from .target_read_status import TargetReadStatus
from .task_create import TaskCreate
from .task_create_mode import TaskCreateMode
from .task_event import TaskEvent
from .task_list import TaskList
from .task_part import TaskPart
from .task_part_data import TaskPartData
from .task_part_status import TaskPartStatus
from .task_pending_read import TaskPendingRead
from .task_read import TaskRead
from .task_read_mode import TaskReadMode
from .task_read_status import TaskReadStatus
from .task_roll_answer import TaskRollAnswer
from .task_roll_body import TaskRollBody
from .task_roll_entry import TaskRollEntry
from .tasks_list_status_type_0 import TasksListStatusType0
from .test_body import TestBody
from .test_body_on_partial_type_0 import TestBodyOnPartialType0
from .test_body_visibility import TestBodyVisibility
from .ticket_read import TicketRead
from .token_read import TokenRead
from .token_request import TokenRequest
from .totals import Totals
from .user_create import UserCreate
from .user_read import UserRead
from .webhook_create import WebhookCreate
from .webhook_create_format import WebhookCreateFormat
from .webhook_created import WebhookCreated
from .webhook_created_disabled_reason_type_0 import WebhookCreatedDisabledReasonType0
from .webhook_created_format import WebhookCreatedFormat
from .webhook_list import WebhookList
from .webhook_read import WebhookRead
from .webhook_read_disabled_reason_type_0 import WebhookReadDisabledReasonType0
from .webhook_read_format import WebhookReadFormat
from .webhook_update import WebhookUpdate
from .webhook_update_format_type_0 import WebhookUpdateFormatType0
from .withheld import Withheld

__all__ = (
    "ApiKeyCreate",
    "ApiKeyCreated",
    "ApiKeyCreateScopesItem",
    "ApiKeyList",
    "ApiKeyRead",
    "AuditBundle",
    "AuditLink",
    "AuditLinkRecordType0",
    "AuditLinkStoredType0",
    "CampaignChange",
    "CampaignChangeSettings",
    "CampaignCreate",
    "CampaignCreateRuleset",
    "CampaignCreateSettingsType0",
    "CampaignExport",
    "CampaignExportAuditItem",
    "CampaignList",
    "CampaignPart",
    "CampaignPartRuleset",
    "CampaignPartSettings",
    "CampaignRead",
    "CampaignReadRole",
    "CampaignReadRuleset",
    "CampaignReadSettings",
    "CampaignUpdate",
    "CampaignUpdatedEvent",
    "CampaignUpdateSettingsType0",
    "CharacterCreate",
    "CharacterDeleted",
    "CharacterDeletedEvent",
    "CharacterEvent",
    "CharacterEventType",
    "CharacterList",
    "CharacterPart",
    "CharacterPartSheet",
    "CharacterRead",
    "CharacterUpdate",
    "ChoiceBody",
    "ChoiceBodyChoice",
    "ClientSeedBody",
    "ContestCreate",
    "ContestEvent",
    "ContestList",
    "ContestPart",
    "ContestPartData",
    "ContestPartStatus",
    "ContestRead",
    "ContestReadStatus",
    "ContestReadWinnerType0",
    "ContestRoundRead",
    "ContestRoundReadWinnerType0",
    "ContestSide",
    "ContestsListStatusType0",
    "Counters",
    "D20Abilities",
    "D20Odds",
    "D20SaveResult",
    "D20SaveResultCriticalType0",
    "D20SaveResultMode",
    "D20TestResult",
    "D20TestResultCriticalType0",
    "D20TestResultMode",
    "DamageAnswer",
    "DamageBody",
    "DamageBodyType",
    "DamageResult",
    "DamageResultType",
    "DelegationCreate",
    "DelegationCreateScopesItem",
    "DelegationList",
    "DelegationRead",
    "DelegationReadScopesItem",
    "Deleted",
    "DeliveryList",
    "DeliveryRead",
    "DeliveryReadOutcome",
    "Derived3D6",
    "DerivedD20",
    "DerivedMatrix",
    "DerivedMatrixStats",
    "DieRead",
    "DieReadSidesType1",
    "EventList",
    "EventPart",
    "EventPartData",
    "EventPartVisibility",
    "EventRead",
    "EventReadData",
    "FaceHistogram",
    "FairnessPart",
    "FairnessRead",
    "FairnessRotatedEvent",
    "FieldError",
    "FormulaAnnotation",
    "FormulaBody",
    "FormulaBodyVisibility",
    "FormulaOdds",
    "FormulaOddsTotals",
    "FormulaResult",
    "GrantBody",
    "GrantCreate",
    "GrantEvent",
    "GrantEventType",
    "GrantList",
    "GrantPart",
    "GrantPartStatus",
    "GrantRead",
    "GrantReadStatus",
    "GroupCreate",
    "GroupEvent",
    "GroupEventType",
    "GroupList",
    "GroupMember",
    "GroupMemberRead",
    "GroupRead",
    "GroupReadStatus",
    "GroupRollPart",
    "GroupRollPartData",
    "GroupRollPartStatus",
    "HealthLiveResponseHealthLive",
    "HealthReadyResponseHealthReady",
    "ImportedCampaign",
    "ImportedCampaignSettings",
    "InviteAccepted",
    "InviteAcceptedRole",
    "InviteCreate",
    "InviteCreateRole",
    "InviteRead",
    "InviteReadRole",
    "MatrixColumns",
    "MatrixCounters",
    "MatrixMargins",
    "MatrixMarginsBelowDifficulty",
    "MatrixMarginsFailure",
    "MatrixMarginsSuccess",
    "MatrixOdds",
    "MatrixRows",
    "MatrixStates",
    "MatrixTestResult",
    "MemberEvent",
    "MemberEventType",
    "MemberGone",
    "MemberLeftEvent",
    "MemberList",
    "MemberPart",
    "MemberPartRole",
    "MemberRead",
    "MemberReadRole",
    "MemberRole",
    "MemberRoleRole",
    "MemberUpdate",
    "MemberUpdateRole",
    "MessageCreate",
    "MessageCreatedEvent",
    "MessageDeletedEvent",
    "MessageErased",
    "MessageList",
    "MessageRead",
    "NewSeed",
    "OtherEvent",
    "OtherEventData",
    "OverviewRead",
    "PendingRoundRead",
    "Placeholder",
    "Problem",
    "ProblemTypeRead",
    "ProgressRead",
    "ProgressReadStatus",
    "RequestAnswer",
    "RequestAnswerOnPartialType0",
    "RequestChange",
    "RerollBody",
    "RerollCite",
    "RerollCiteSource",
    "ResolveBody",
    "ResolveBodyDecision",
    "Roll3D6Odds",
    "Roll3D6OddsOutcomes",
    "Roll3D6OddsSuccesses",
    "Roll3D6Reroll",
    "Roll3D6RerollSource",
    "Roll3D6TestResult",
    "Roll3D6TestResultChoiceType0",
    "Roll3D6TestResultOutcome",
    "RollEvent",
    "RollEventType",
    "RollList",
    "RollPart",
    "RollPartDiceItem",
    "RollPartOdds",
    "RollPartProofItem",
    "RollPartResult",
    "RollPartRuleset",
    "RollPartState",
    "RollPartStatus",
    "RollPartVisibility",
    "RollRead",
    "RollReadEffectsItem",
    "RollReadKind",
    "RollReadProofItem",
    "RollReadStatus",
    "RollReadVisibility",
    "RollRequestCreate",
    "RollRequestCreateKind",
    "RollRequestCreateVisibility",
    "RollRequestEvent",
    "RollRequestEventType",
    "RollRequestList",
    "RollRequestRead",
    "RollRequestReadKind",
    "RollRequestReadStatus",
    "RollRequestReadVisibility",
    "RollRequestsListStatusType0",
    "RollsListKindType0",
    "RollsListStatusType0",
    "RollsStatsBy",
    "RoundBody",
    "RoundRead",
    "RoundSide",
    "SaveBody",
    "SaveBodyVisibility",
    "SeedPart",
    "SeedRead",
    "SeedRotation",
    "Sheet3D6",
    "Sheet3D6Qualities",
    "SheetD20",
    "SheetMatrix",
    "StatsItem",
    "StatsRead",
    "StatsReadBy",
    "TargetRead",
    "TargetReadStatus",
    "TaskCreate",
    "TaskCreateMode",
    "TaskEvent",
    "TaskList",
    "TaskPart",
    "TaskPartData",
    "TaskPartStatus",
    "TaskPendingRead",
    "TaskRead",
    "TaskReadMode",
    "TaskReadStatus",
    "TaskRollAnswer",
    "TaskRollBody",
    "TaskRollEntry",
    "TasksListStatusType0",
    "TestBody",
    "TestBodyOnPartialType0",
    "TestBodyVisibility",
    "TicketRead",
    "TokenRead",
    "TokenRequest",
    "Totals",
    "UserCreate",
    "UserRead",
    "WebhookCreate",
    "WebhookCreated",
    "WebhookCreatedDisabledReasonType0",
    "WebhookCreatedFormat",
    "WebhookCreateFormat",
    "WebhookList",
    "WebhookRead",
    "WebhookReadDisabledReasonType0",
    "WebhookReadFormat",
    "WebhookUpdate",
    "WebhookUpdateFormatType0",
    "Withheld",
)
