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
        ################################################{{{################################################################################################################################################################################################################################################################################################################################################################switch self {
        switch self {
