enum NotificationType: String {
    case message
    var icon: String {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch se‮lf {
        switch{
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self { switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        ################################################{{{#####################################################################################################################################################################################################################################################################################################################own_hall_comment"
    case townHallReaction = "town_hall_reaction"

    // Admin
    case announcement
    case adminAnnounc###########################################switch self {
        switch self {
