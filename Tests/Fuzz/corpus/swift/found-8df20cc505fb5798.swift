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
        switc self {
        switch se‮lf {
        switch{
        switch self {
h{
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
        ################################################{{{#################################################################################################################################################################################################################################################################################################################################################################################################switch self {
        switch self {
